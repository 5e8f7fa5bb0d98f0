import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
const BODY_END = /[ \t]*<\/body>/;

/**
 * Moves the page's stylesheets from its head to the end of its body. In the head they held back
 * the first paint of the boot shell (styled inline, index.html) until they had arrived, and
 * Lighthouse, which simulates a phone from the order it sees on a fast load, counted the first
 * paint with the app's (the dashboard's first contentful paint went from 2.5 s to 0.9 s). At the
 * end of the body they hold back no paint of what is above them, and the app's module scripts
 * still wait for them before they run, so it never renders unstyled
 * (e2e/tests/first-paint.spec.ts). The server puts a route's own stylesheets there too
 * (apps/server/src/plugins/spa-route-pages.ts). A lazily loaded screen's stylesheet, which Vite's
 * loader appends to the head, so comes before them: it outranks Mantine's rules by specificity,
 * not by order (docs/decisions/0036-styles-win-by-specificity-not-order.md).
 */
export function stylesAfterShell(): Plugin {
  return {
    name: 'corridor-styles-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(STYLESHEET) ?? [];
        if (links.length === 0) return html;
        if (!BODY_END.test(html)) throw new Error('index.html has no </body> for its styles');
        const moved = links.map((link) => `    ${link.trim()}\n`).join('');
        return html.replace(STYLESHEET, '').replace(BODY_END, `${moved}  </body>`);
      },
    },
  };
}
