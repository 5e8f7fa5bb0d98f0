/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { DEFAULT_THEME, MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, productColors, theme } from './theme';
import { themeVariablesCss } from './theme-variables';

/** `selector → (name → value)` of a stylesheet of custom properties. */
function parse(css: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  for (const [, selectors = '', body = ''] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    // Mantine writes each rule for :root and :host; the page has no shadow roots.
    const selector = selectors.split(',')[0]?.trim() ?? '';
    const declarations = rules.get(selector) ?? new Map<string, string>();
    for (const [, name = '', value = ''] of body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
      declarations.set(name, value.trim());
    }
    rules.set(selector, declarations);
  }
  return rules;
}

const unusedPalettes = Object.keys(DEFAULT_THEME.colors).filter(
  (color) => !(productColors as readonly string[]).includes(color),
);

describe('the theme variables the build writes into the page', () => {
  it('are those Mantine wrote at run time, for the product’s palettes', () => {
    // What the provider wrote before the build took it over (every variable, ours included).
    const html = renderToString(
      createElement(MantineProvider, {
        theme,
        cssVariablesResolver,
        deduplicateCssVariables: false,
        children: null,
      }),
    );
    const written = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(written).toBeDefined();
    const mantine = parse(written ?? '');
    const ours = parse(themeVariablesCss());

    expect([...ours.keys()]).toEqual([...mantine.keys()]);
    for (const [selector, declarations] of mantine) {
      const expected = [...declarations].filter(
        ([name]) => !unusedPalettes.some((color) => name.startsWith(`--mantine-color-${color}-`)),
      );
      expect([...(ours.get(selector) ?? [])]).toEqual(expected);
    }
    expect(ours.get(':root')?.get('--mantine-primary-color-filled')).toBe(
      'var(--mantine-color-corridor-filled)',
    );
  });

  it('leave out palettes no screen names, and no source names one', () => {
    expect(unusedPalettes).toHaveLength(10);
    const css = themeVariablesCss();
    for (const color of unusedPalettes) expect(css).not.toContain(`--mantine-color-${color}-`);

    const names = unusedPalettes.join('|');
    // color="teal", c: 'pink.6', var(--mantine-color-lime-2), theme.colors.cyan …
    const naming = new RegExp(
      `(?:\\b(?:color|c|bg)\\s*[=:]\\s*\\{?\\s*["'\`](?:${names})\\b|--mantine-color-(?:${names})-|colors\\.(?:${names})\\b)`,
    );
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) return sources(file);
        return /\.(tsx?|css)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
      });
    const root = path.join(import.meta.dirname, '..', '..');
    const offenders = [...sources(path.join(root, 'src')), ...sources(path.join(root, 'gallery'))]
      .filter((file) => naming.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
