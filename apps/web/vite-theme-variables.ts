import type { Plugin } from 'vite';
import { themeVariablesCss } from './src/app/theme-variables.ts';

/**
 * Writes the theme's CSS variables into the page's head (src/app/theme-variables.ts), in the
 * build and the dev server alike: Mantine no longer writes them at run time (providers.tsx), and
 * a screen prerendered into the page (vite-prerender.ts) paints with them before any script.
 */
export function themeVariables(): Plugin {
  const style = `<style id="theme-variables">${themeVariablesCss()}</style>`;
  return {
    name: 'corridor-theme-variables',
    transformIndexHtml(html) {
      if (!html.includes('</head>')) throw new Error('index.html has no </head> for the theme');
      return html.replace('</head>', `  ${style}\n  </head>`);
    },
  };
}
