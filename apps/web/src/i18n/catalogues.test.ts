import { supportedLocales } from '@corridor/contracts/wire/locales';
import { describe, expect, it } from 'vitest';
import { messageArguments } from './format-message';

// Every catalogue of the app: `<feature>/messages/<locale>.json` (decision 19).
const files = import.meta.glob<Record<string, string>>('/src/**/messages/*.json', {
  eager: true,
  import: 'default',
});

const catalogues = new Map<string, Map<string, Record<string, string>>>();
for (const [file, messages] of Object.entries(files)) {
  const match = /^(.*)\/messages\/([a-z]+)\.json$/.exec(file);
  if (!match?.[1] || !match[2]) throw new Error(`unexpected catalogue ${file}`);
  const byLocale = catalogues.get(match[1]) ?? new Map<string, Record<string, string>>();
  byLocale.set(match[2], messages);
  catalogues.set(match[1], byLocale);
}

describe('message catalogues', () => {
  it('finds the catalogues', () => {
    expect(catalogues.size).toBeGreaterThan(0);
  });

  for (const [folder, byLocale] of catalogues) {
    describe(folder, () => {
      const source = byLocale.get('en') ?? {};

      it('has a file for every language and no other', () => {
        expect([...byLocale.keys()].sort()).toEqual([...supportedLocales].sort());
      });

      for (const locale of supportedLocales) {
        it(`${locale}: has every key of the English source, no other, none empty`, () => {
          const messages = byLocale.get(locale) ?? {};
          expect(Object.keys(messages).sort()).toEqual(Object.keys(source).sort());
          for (const [key, text] of Object.entries(messages)) expect(text.trim(), key).not.toBe('');
        });

        it(`${locale}: parses, with the arguments and tags of the source`, () => {
          const messages = byLocale.get(locale) ?? {};
          for (const [key, text] of Object.entries(source)) {
            const translated = messages[key];
            if (translated === undefined) continue;
            expect(messageArguments(translated), key).toEqual(messageArguments(text));
          }
        });
      }
    });
  }
});
