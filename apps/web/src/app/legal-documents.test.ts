/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Static pages beside the app (public/legal), in English and in Spanish.
const read = (file: string) =>
  readFileSync(`${import.meta.dirname}/../../public/legal/${file}`, 'utf8');

const documents = [
  { file: 'terms.html', lang: 'en', other: '/legal/es/terms.html' },
  { file: 'es/terms.html', lang: 'es', other: '/legal/terms.html' },
  { file: 'privacy.html', lang: 'en', other: '/legal/es/privacy.html' },
  { file: 'es/privacy.html', lang: 'es', other: '/legal/privacy.html' },
];

/** The ids of the document's sections (its h2s). */
const sections = (html: string) => [...html.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]);

describe('the legal documents (defect 11)', () => {
  it.each(documents)(
    'defect 11: $file is a real document in its language',
    ({ file, lang, other }) => {
      const html = read(file);
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).not.toMatch(/not been published|to be published|placeholder|lorem/i);
      // Linked to its translation, both ways.
      expect(html).toContain(
        `<link rel="alternate" hreflang="${lang === 'en' ? 'es' : 'en'}" href="${other}" />`,
      );
      expect(html.length).toBeGreaterThan(5000);
    },
  );

  it.each(['terms.html', 'es/terms.html'])(
    'defect 11: %s says who we are, fees and rates, cancellation and refunds, complaints',
    (file) => {
      expect(sections(read(file))).toEqual(
        expect.arrayContaining([
          'who-we-are',
          'fees-and-rates',
          'cancellation-and-refunds',
          'complaints',
        ]),
      );
    },
  );

  it('defect 11: the terms give the figures the product applies', () => {
    const terms = read('terms.html');
    expect(terms).toContain('30 minutes after paying'); // the free cancellation window
    expect(terms).toContain('keeps its rate for 30 minutes'); // a saved quote
    expect(terms).toMatch(/mid-market rate/);
  });

  it.each(['privacy.html', 'es/privacy.html'])(
    'defect 11: %s says how data is used and kept, and names only the session and XSRF cookies',
    (file) => {
      const html = read(file);
      expect(sections(html)).toEqual(
        expect.arrayContaining([
          'data-we-collect',
          'how-we-use-it',
          'how-long-we-keep-it',
          'cookies',
        ]),
      );
      const cookies = html.slice(
        html.indexOf('<h2 id="cookies"'),
        html.indexOf('<h2 id="your-rights"'),
      );
      const named = [...cookies.matchAll(/<code>([^<]+)<\/code>/g)].map((m) => m[1]);
      expect(new Set(named)).toEqual(
        new Set(['corridor_session', '__Host-corridor_session', 'XSRF-TOKEN']),
      );
    },
  );
});
