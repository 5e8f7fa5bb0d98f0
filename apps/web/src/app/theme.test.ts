/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { brand, cssVariablesResolver, green, night, theme } from './theme';

// Read from disk: Vitest does not process stylesheets, so an import would give ''.
const appCss = readFileSync(`${import.meta.dirname}/app.css`, 'utf8');
const tonesCss = readFileSync(`${import.meta.dirname}/../ui/tones.css`, 'utf8');

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const n = Number.parseInt(hex.slice(1), 16);
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(n >> 16) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const white = '#ffffff';
const gray = DEFAULT_THEME.colors.gray;
const red = DEFAULT_THEME.colors.red;
const at = (tuple: readonly string[], shade: number) => tuple[shade] ?? '#000000';

describe('the Corridor theme', () => {
  it('defect 1: has a brand of its own, not Mantine’s default blue', () => {
    expect(theme.primaryColor).toBe('corridor');
    expect(theme.colors?.corridor).toEqual(brand);
    const filled = at(brand, 8);
    expect(DEFAULT_THEME.colors.blue).not.toContain(filled);
    expect(theme.fontFamily).toMatch(/^system-ui/);
  });

  it('defect 1: has a type scale: each heading smaller than the one above, body text 16 px', () => {
    const sizes = ['h1', 'h2', 'h3', 'h4'].map((h) =>
      Number.parseFloat(theme.headings?.sizes?.[h as 'h1']?.fontSize ?? 'NaN'),
    );
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(new Set(sizes).size).toBe(sizes.length);
    expect(mergeMantineTheme(DEFAULT_THEME, theme).fontSizes.md).toMatch(/^calc\(1rem /);
  });

  // Text pairs the screens draw (WCAG 1.4.3, 4.5:1), in each scheme.
  const textPairs: [string, string, string][] = [
    ['light: filled button text', white, at(brand, 8)],
    ['light: link on the page', at(brand, 8), white],
    ['light: link on the signed-in surface', at(brand, 8), at(gray, 0)],
    ['light: light button text', at(brand, 9), at(brand, 1)],
    ['light: dimmed text', at(gray, 7), white],
    ['light: dimmed text on the surface', at(gray, 7), at(gray, 0)],
    ['light: error text', at(red, 9), white],
    ['light: success text', at(green, 8), white],
    ['light: danger button text', white, at(red, 8)],
    ['light: green button text', white, at(green, 8)],
    ['dark: body text', at(night, 0), at(night, 7)],
    ['dark: text in inputs', at(night, 0), at(night, 6)],
    ['dark: dimmed text', at(night, 1), at(night, 7)],
    ['dark: dimmed text on the surface', at(night, 1), at(night, 8)],
    ['dark: link', at(brand, 3), at(night, 7)],
    ['dark: link on the surface', at(brand, 3), at(night, 8)],
    ['dark: filled button text', white, at(brand, 8)],
    ['dark: error text', at(red, 4), at(night, 7)],
    ['dark: success text', at(green, 4), at(night, 7)],
  ];

  it.each(textPairs)('%s passes WCAG AA (4.5:1)', (_name, text, background) => {
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('replaces each Mantine default that fails AA, in both schemes', () => {
    const resolved = cssVariablesResolver(theme as never);
    expect(resolved.light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    expect(resolved.light['--mantine-color-error']).toBe('var(--mantine-color-red-9)');
    expect(resolved.dark['--mantine-color-dimmed']).toBe('var(--mantine-color-dark-1)');
    expect(resolved.dark['--mantine-color-error']).toBe('var(--mantine-color-red-4)');
    expect(resolved.dark['--mantine-color-anchor']).toBe('var(--mantine-color-corridor-3)');
  });

  it('draws a focus ring of 3:1 or more against every background, in both schemes', () => {
    const resolved = cssVariablesResolver(theme as never);
    expect(resolved.light['--corridor-focus-ring']).toBe('var(--mantine-color-corridor-6)');
    expect(resolved.dark['--corridor-focus-ring']).toBe('var(--mantine-color-corridor-3)');
    for (const background of [white, at(gray, 0)]) {
      expect(contrast(at(brand, 6), background)).toBeGreaterThanOrEqual(3);
    }
    for (const background of [at(night, 7), at(night, 8), at(night, 6)]) {
      expect(contrast(at(brand, 3), background)).toBeGreaterThanOrEqual(3);
    }
    expect(appCss).toMatch(/:focus-visible\s*{\s*outline: 3px solid var\(--corridor-focus-ring\)/);
  });

  it('gives the status tones AA text on their tints in both schemes', () => {
    const rules = [...tonesCss.matchAll(/([^{}]+)\{([^}]+)\}/g)].map(([, selector, body]) => ({
      selector: (selector ?? '').trim(),
      fg: /--tone-fg: (#\w{6})/.exec(body ?? '')?.[1] ?? '',
      bg: /--tone-bg: (#\w{6})/.exec(body ?? '')?.[1] ?? '',
    }));
    // Neutral and four tones, in light and in dark.
    expect(rules.filter((rule) => rule.fg !== '')).toHaveLength(10);
    for (const rule of rules.filter((r) => r.fg !== '')) {
      expect(contrast(rule.fg, rule.bg), rule.selector).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('sets amounts in tabular figures and downloads no font', () => {
    expect(appCss).toMatch(/\.tabular-nums\s*{\s*font-variant-numeric: tabular-nums/);
    expect(appCss).not.toMatch(/@font-face/);
  });
});
