import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

export interface AppProvidersProps {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      // All of the theme's CSS variables, not only those that differ from Mantine's defaults:
      // the stylesheet of the defaults is left out of the first load (app/styles.ts).
      deduplicateCssVariables={false}
      env={env}
    >
      {children}
    </MantineProvider>
  );
}
