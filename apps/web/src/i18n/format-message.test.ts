import { describe, expect, it } from 'vitest';
import { formatMessage, formatToParts, messageArguments } from './format-message';

describe('formatMessage', () => {
  it('puts values in, numbers in the locale’s digits', () => {
    expect(formatMessage('Hello {name}', 'en', { name: 'Ada' })).toBe('Hello Ada');
    expect(formatMessage('{n} items', 'es', { n: 1234.5 })).toBe('1234,5 items');
    expect(formatMessage('{n} items', 'en', { n: 1234.5 })).toBe('1,234.5 items');
  });

  it('picks plural forms by the locale’s rules, exact matches first', () => {
    const message = '{count, plural, =0 {no codes} one {# code} other {# codes}}';
    expect(formatMessage(message, 'en', { count: 0 })).toBe('no codes');
    expect(formatMessage(message, 'en', { count: 1 })).toBe('1 code');
    expect(formatMessage(message, 'en', { count: 3 })).toBe('3 codes');
  });

  it('selects by value, falling back to other', () => {
    const message = '{kind, select, card {By card} other {By bank}}';
    expect(formatMessage(message, 'en', { kind: 'card' })).toBe('By card');
    expect(formatMessage(message, 'en', { kind: 'wire' })).toBe('By bank');
  });

  it('nests plurals in selects and keeps quoted syntax', () => {
    const message =
      "{who, select, me {You have {n, plural, one {# try} other {# tries}}} other {'{'none'}'}}";
    expect(formatMessage(message, 'en', { who: 'me', n: 2 })).toBe('You have 2 tries');
    expect(formatMessage(message, 'en', { who: 'x', n: 2 })).toBe('{none}');
    expect(formatMessage("It''s {name}", 'en', { name: 'here' })).toBe("It's here");
  });

  it('gives tags to the caller, and drops them in plain text', () => {
    const message = 'Read our <terms>terms for {country}</terms>.';
    expect(formatToParts(message, 'en', { country: 'UK' })).toEqual([
      'Read our ',
      { tag: 'terms', parts: ['terms for UK'] },
      '.',
    ]);
    expect(formatMessage(message, 'en', { country: 'UK' })).toBe('Read our terms for UK.');
  });

  it('leaves a missing value visible rather than blank', () => {
    expect(formatMessage('Hello {name}', 'en')).toBe('Hello {name}');
  });

  it('refuses malformed messages, naming them', () => {
    expect(() => formatMessage('Hello {name', 'en')).toThrow(/Hello \{name/);
    expect(() => formatMessage('{n, plural, one {x}}', 'en')).toThrow(/other/);
    expect(() => formatMessage('<b>bold</i>', 'en')).toThrow(/<\/b>/);
  });

  it('lists a message’s arguments and tags', () => {
    expect(messageArguments('{a} <b>{c, plural, one {#} other {{d}}}</b>')).toEqual([
      '<b>',
      'a',
      'c',
      'd',
    ]);
  });
});
