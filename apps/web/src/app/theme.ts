import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

/**
 * The Corridor brand (issue 14, defect 1): a deep blue people read as steady and careful with
 * money. Shade 8 is the brand itself: filled buttons, links and focus in light mode. Every pair
 * the screens use passes WCAG AA (4.5:1 for text), checked in theme.test.ts.
 */
export const brand: MantineColorsTuple = [
  '#e7f1f8',
  '#cfe3f1',
  '#a2c9e4',
  '#72add6',
  '#4d95cb',
  '#3483c1',
  '#2470ad',
  '#1c5d94',
  '#164c7c',
  '#0f3a61',
];

/**
 * Dark mode's greys, tinted towards the brand. Mantine's own dimmed grey (dark-2 on dark-7)
 * gives 4.0:1; these keep body text at 11.7:1 and dimmed text at 8.5:1.
 */
export const night: MantineColorsTuple = [
  '#d9dee5',
  '#b6bfca',
  '#929dab',
  '#6f7b8a',
  '#4b5664',
  '#38414d',
  '#29313c',
  '#1c232c',
  '#141a22',
  '#0d1218',
];

/**
 * Mantine's green with shades 8 and 9 darkened: its green-8 under white text gives 3.5:1 and
 * green-9 as text on white 4.4:1, both below AA. These give 5.4:1 and 6.8:1.
 */
export const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#2f9e44',
  '#217a34',
  '#1a6a2c',
];

/**
 * The palettes the screens may name: the brand (information too), the greys, red and green.
 * Mantine's other ten stay out of the page's CSS variables (theme-variables.ts);
 * theme-variables.test.ts fails a source that names one.
 */
export const productColors = ['corridor', 'dark', 'gray', 'red', 'green'] as const;

// The system's own fonts: nothing to download, and each platform's best-hinted face.
const systemFonts =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', Arial, sans-serif";

export const themeOverride: MantineThemeOverride = {
  colors: { corridor: brand, dark: night, green },
  primaryColor: 'corridor',
  // One shade for filled controls in both schemes: white on it is 8.9:1 (red-8, the danger
  // buttons, 4.5:1).
  primaryShade: { light: 8, dark: 8 },
  fontFamily: systemFonts,
  fontFamilyMonospace: "ui-monospace, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace",
  // Body text 16 px with Mantine's size steps (12, 14, 16, 18, 20 px); headings below.
  headings: {
    fontFamily: systemFonts,
    fontWeight: '700',
    textWrap: 'balance',
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.2' },
      h2: { fontSize: '1.375rem', lineHeight: '1.25' },
      h3: { fontSize: '1.125rem', lineHeight: '1.3' },
      h4: { fontSize: '1rem', lineHeight: '1.35' },
      h5: { fontSize: '0.875rem', lineHeight: '1.4' },
      h6: { fontSize: '0.75rem', lineHeight: '1.4' },
    },
  },
  // A 4-point spacing scale.
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  defaultRadius: 'md',
  // Focus rings: Mantine's 'auto' (keyboard focus only), drawn by app.css in a colour visible
  // in both schemes. Checkboxes and radios show the pointer, as buttons and links do.
  cursorType: 'pointer',
};

export const theme = createTheme(themeOverride);

/**
 * Mantine's defaults that fail AA, replaced: error text red-6 on white (3.3:1) by red-9 (5.5:1)
 * and in dark red-8 (3.4:1) by red-4 (6.8:1); dimmed text gray-6 (3.3:1) by gray-7 (8.2:1);
 * success teal-8 (4.0:1) by green-8 (5.4:1). Dark links are brand-3 (6.5:1), not brand-4.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-success': 'var(--mantine-color-green-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--corridor-focus-ring': 'var(--mantine-color-corridor-6)',
    '--corridor-surface': 'var(--mantine-color-gray-0)',
    '--corridor-nav-active': 'var(--mantine-color-corridor-0)',
    '--corridor-nav-active-color': 'var(--mantine-color-corridor-8)',
  },
  dark: {
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-success': 'var(--mantine-color-green-4)',
    '--mantine-color-anchor': 'var(--mantine-color-corridor-3)',
    '--mantine-color-corridor-text': 'var(--mantine-color-corridor-3)',
    '--corridor-focus-ring': 'var(--mantine-color-corridor-3)',
    '--corridor-surface': 'var(--mantine-color-dark-8)',
    '--corridor-nav-active': '#1c3350',
    '--corridor-nav-active-color': 'var(--mantine-color-corridor-2)',
  },
});
