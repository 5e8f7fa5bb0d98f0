import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { cssVariablesResolver, productColors, theme } from './theme.ts';

type Variables = Record<string, string>;

const declarations = (variables: Variables) =>
  Object.entries(variables)
    .map(([name, value]) => `${name}:${value};`)
    .join('');

/**
 * The theme's CSS variables as a stylesheet, which the build writes into every page
 * (vite-theme-variables.ts) where Mantine would write them at run time
 * (`withCssVariables={false}`, providers.tsx): a screen prerendered into the page paints with
 * them before any script has run, and no render has to compute them. Mantine's and ours
 * (`cssVariablesResolver`) merged as its provider merges them, but only for the product's
 * palettes: the other ten are some 200 variables no screen uses.
 */
export function themeVariablesCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const mantine = defaultCssVariablesResolver(merged);
  const ours = cssVariablesResolver(merged);
  const kept = new Set<string>(productColors);
  const unused = Object.keys(merged.colors).filter((color) => !kept.has(color));
  const isUnused = (name: string) =>
    unused.some((color) => name.startsWith(`--mantine-color-${color}-`));
  const only = (variables: Variables) =>
    Object.fromEntries(Object.entries(variables).filter(([name]) => !isUnused(name)));
  const scheme = (name: 'light' | 'dark') =>
    declarations({
      ...only({ ...mantine[name], ...ours[name] }),
      '--mantine-color-scheme': name,
    });
  return [
    `:root{${declarations(only({ ...mantine.variables, ...ours.variables }))}}`,
    `:root[data-mantine-color-scheme="dark"]{${scheme('dark')}}`,
    `:root[data-mantine-color-scheme="light"]{${scheme('light')}}`,
  ].join('');
}
