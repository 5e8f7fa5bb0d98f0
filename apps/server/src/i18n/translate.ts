import type { Locale } from '@corridor/contracts';
import { apiCatalogue } from './catalogue.ts';
import { translateCountryName } from './country-names.ts';
import { PLACEHOLDER, type TextEntry, type TextTable } from './text-table.ts';

interface Template {
  pattern: RegExp;
  /** Each placeholder in order, and whether it is a number to regroup. */
  slots: { name: string; number: boolean }[];
  entry: TextEntry;
}

interface CompiledTable {
  exact: ReadonlyMap<string, TextEntry>;
  templates: readonly Template[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Texts without placeholders by their English; the others as patterns that capture the values. */
export function compileTable(table: TextTable): CompiledTable {
  const exact = new Map<string, TextEntry>();
  const templates: Template[] = [];
  for (const entry of Object.values(table)) {
    const slots: Template['slots'] = [];
    let source = '';
    let last = 0;
    for (const match of entry.en.matchAll(PLACEHOLDER)) {
      source += escapeRegExp(entry.en.slice(last, match.index));
      const number = match[2] === 'number';
      source += number ? '([0-9][0-9,]*)' : '(.+?)';
      slots.push({ name: match[1] ?? '', number });
      last = match.index + match[0].length;
    }
    if (slots.length === 0) {
      exact.set(entry.en, entry);
      continue;
    }
    source += escapeRegExp(entry.en.slice(last));
    templates.push({ pattern: new RegExp(`^${source}$`, 's'), slots, entry });
  }
  return { exact, templates };
}

const table = compileTable(apiCatalogue);
const numberFormats = new Map<Locale, Intl.NumberFormat>();

function formatNumber(englishDigits: string, locale: Locale): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    numberFormats.set(locale, format);
  }
  return format.format(Number(englishDigits.replaceAll(',', '')));
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** `text` in `locale`, or undefined when the catalogue does not know it. */
function lookUp(text: string, locale: Locale): string | undefined {
  const exact = table.exact.get(text);
  if (exact) return exact[locale];
  // A label inside a sentence is lower-cased ("first name"): its translation is too.
  const asLabel = table.exact.get(capitalised(text));
  if (asLabel && capitalised(text) !== text) return lowerFirst(asLabel[locale]);
  for (const template of table.templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = new Map(
      template.slots.map((slot, index) => {
        const value = match[index + 1] ?? '';
        return [
          slot.name,
          slot.number ? formatNumber(value, locale) : (lookUp(value, locale) ?? value),
        ];
      }),
    );
    return template.entry[locale].replace(
      PLACEHOLDER,
      (whole, name: string) => values.get(name) ?? whole,
    );
  }
  return translateCountryName(text, locale);
}

// Answers repeat the same few hundred texts: each is worked out once per language.
const remembered = new Map<string, string>();
const REMEMBER_AT_MOST = 5000;

/**
 * An English text the API sends, in `locale`: the catalogue's translation, its values (field
 * names, waits, country names) translated too and its numbers regrouped. English, and any text
 * the catalogue does not know, are returned as they are.
 */
export function translate(text: string, locale: Locale): string {
  if (locale === 'en') return text;
  const key = `${locale}\u0000${text}`;
  const known = remembered.get(key);
  if (known !== undefined) return known;
  const translated = lookUp(text, locale) ?? text;
  if (remembered.size >= REMEMBER_AT_MOST) remembered.clear();
  remembered.set(key, translated);
  return translated;
}

/** Whether the catalogue knows `text` (for the coverage test). */
export function isKnownText(text: string): boolean {
  return lookUp(text, 'es') !== undefined;
}
