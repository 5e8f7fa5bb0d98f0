import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/** Where this browser keeps the customer's light/dark choice (settings → appearance). */
export const COLOR_SCHEME_STORAGE_KEY = 'corridor-color-scheme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export interface AppProvidersProps {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
  /** One scheme whatever the system says (the gallery shows both). */
  forceColorScheme?: 'light' | 'dark';
}

export function AppProviders({ children, env = 'default', forceColorScheme }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      // The system's setting until the customer picks one in settings (kept on this browser).
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      forceColorScheme={forceColorScheme}
      // All of the theme's CSS variables, not only those that differ from Mantine's defaults:
      // the stylesheet of the defaults is left out of the first load (app/styles.ts).
      deduplicateCssVariables={false}
      env={env}
    >
      {children}
    </MantineProvider>
  );
}
