import { describe, expect, it } from 'vitest';
import { acceptedLanguages, isLocale, pickLocale } from './locales.ts';

describe('languages', () => {
  it('reads Accept-Language by preference, then order, without refused or wildcard ones', () => {
    expect(acceptedLanguages('es-MX,es;q=0.9,en;q=0.8')).toEqual(['es-MX', 'es', 'en']);
    expect(acceptedLanguages('en;q=0.5, es;q=0.9, fr')).toEqual(['fr', 'es', 'en']);
    expect(acceptedLanguages('de;q=0, *;q=0.1, es')).toEqual(['es']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('picks the first supported language by its primary subtag, else English', () => {
    expect(pickLocale(['fr-FR', 'es-419', 'en'])).toBe('es');
    expect(pickLocale(['EN_gb'])).toBe('en');
    expect(pickLocale(['de', 'fr'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });

  it('knows its languages', () => {
    expect(isLocale('es')).toBe(true);
    expect(isLocale('es-ES')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
