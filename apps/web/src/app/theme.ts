import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// Mantine's default blue (shade 6) gives white button text 3.55:1; shade 8 (#1971c2) gives
// 5.0:1, which passes WCAG AA.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
});

// Error text under fields is red-6 (#fa5252) by default: 3.3:1 on white, below WCAG AA.
// Red-9 (#c92a2a) gives 5.5:1. Dimmed text (field descriptions) is gray-6 (#868e96), 3.3:1;
// gray-7 (#495057) gives 8.2:1.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
