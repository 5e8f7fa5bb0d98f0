import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from './theme';

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
      // The system's setting until the customer picks one in settings (kept on this browser).
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      forceColorScheme={forceColorScheme}
      // The theme's CSS variables are in the page, written by the build (theme-variables.ts):
      // the prerendered screens paint with them before any script has run.
      withCssVariables={false}
      env={env}
    >
      {children}
    </MantineProvider>
  );
}
