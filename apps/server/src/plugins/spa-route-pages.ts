import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { acceptedLanguages, pickLocale, supportedLocales, type Locale } from '@corridor/contracts';
import { z } from 'zod';
import { apiText, translate } from '../i18n/index.ts';

/** Written by the web build (apps/web/vite-route-preloads.ts). */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');
/** Written by the web build too (apps/web/vite-prerender.ts); older builds wrote none. */
const PRERENDERED_FILE = path.join('.vite', 'prerendered.json');

const prerenderedSchema = z.object({
  script: z.string().regex(/^\/assets\/[\w.-]+\.js$/),
  routes: z.array(
    z.object({
      path: z.string().startsWith('/'),
      markup: z.record(z.enum(supportedLocales), z.string().min(1)),
    }),
  ),
});

const routePreloadsSchema = z.array(
  z.object({
    path: z.string().startsWith('/'),
    modules: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
    styles: z.array(z.string().regex(/^\/assets\/[\w.-]+\.css$/)),
    // Older builds wrote no catalogues.
    messages: z
      .record(z.enum(supportedLocales), z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)))
      .optional(),
    // The API's GETs the route's first render waits for (decision 29); older builds named none. A
    // segment `:name` is the route's parameter of that name, filled in from the page's URL.
    answers: z
      .array(z.string().regex(/^\/client\/v1(?:\/(?:[a-z0-9-]+|:[A-Za-z][A-Za-z0-9]*))+$/))
      .optional(),
  }),
);

/** index.html for the URLs of one route in one language, announcing that route's chunks. */
export interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** A route's page in every language (decision 19), each in every encoding. */
export interface RoutePage {
  pattern: RegExp;
  pages: Record<Locale, EncodedPage>;
  /**
   * The API's GETs the route's first render waits for, answered inside its page for a signed-in
   * browser (page-answers.ts, decision 29); empty for the public routes. A segment `:name` is the
   * route's parameter `name` (`/client/v1/transaction/:transactionId` on
   * `/transaction/:transactionId`), which `pattern` captures under that name.
   */
  answers: string[];
  /**
   * The page with the route's screen already in it, for a URL without a query (the build
   * rendered none): it paints before any script has run, and the app hydrates it.
   */
  prerendered?: Record<Locale, EncodedPage>;
}

/** What every page says besides its preloads. */
export interface PageSettings {
  /** Where the sign-up screen's close link goes (defect 11). */
  marketingSiteUrl: string;
  /**
   * Sandbox providers on a public URL: every screen shows "Sandbox: no real money moves"
   * (docs/decisions/0034), told by `<meta name="corridor-sandbox">`, absent otherwise.
   */
  sandboxNotice?: boolean;
}

/**
 * `/reset-password/:token` → a pattern matching `/reset-password/abc` (and a trailing slash),
 * capturing each parameter under its name (`groups.token`).
 */
function patternOf(routePath: string): RegExp {
  const segments = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? `(?<${segment.slice(1)}>[^/]+)`
        : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^/${segments.join('/')}${segments.length ? '/?' : ''}$`);
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
const SCRIPT = /[ \t]*<script type="module"[^>]*><\/script>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;
/** index.html's root and the boot shell in it (no element in the shell is a div). */
const ROOT_WITH_BOOT_SHELL =
  /<div id="root">\s*<div class="boot-shell">([\s\S]*?)<\/div>\s*<\/div>/;

/** A screen the build rendered into a route's page (apps/web/vite-prerender.ts). */
export interface PrerenderedScreen {
  /** The screen's markup, in the page's language. */
  markup: string;
  /** The page's one script, which starts the app's after the first paint. */
  script: string;
}

/**
 * `page` with the screen in place of the boot shell, every stylesheet in the head and no script
 * but the screen's own: the screen is styled at its first paint, which waits for the
 * stylesheets and for nothing else. The app's scripts and preloads are held in a template that
 * the screen's script puts in the head after that paint (start-after-first-paint.ts, decision
 * 28): requested with the stylesheets, they shared the network with them and, as Lighthouse
 * simulates a phone, delayed the paint by the app's download. The shell's note for browsers
 * without scripts stays, outside the root the app hydrates.
 */
function withScreen(page: string, screen: PrerenderedScreen, locale: Locale): string {
  const root = ROOT_WITH_BOOT_SHELL.exec(page);
  if (!root) throw new Error('index.html has no boot shell in its root for the screen');
  const noscript = /<noscript>[\s\S]*?<\/noscript>/.exec(root[1] ?? '')?.[0] ?? '';
  const styles = page.match(STYLESHEET) ?? [];
  const scripts = page.match(SCRIPT) ?? [];
  if (scripts.length === 0) throw new Error('index.html has no module script to hold back');
  const held = [...(page.match(MODULE_PRELOAD) ?? []), ...scripts].map((tag) => tag.trim());
  const head = [
    ...styles.map((link) => link.trim()),
    `<script type="module" crossorigin src="${screen.script}"></script>`,
  ];
  return page
    .replace(STYLESHEET, '')
    .replace(SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `${head.map((tag) => `  ${tag}\n`).join('')}  </head>`)
    .replace(
      ROOT_WITH_BOOT_SHELL,
      () => `${noscript}<div id="root" data-prerendered="${locale}">${screen.markup}</div>`,
    )
    .replace(
      /[ \t]*<\/body>/,
      () => `    <template id="after-first-paint">${held.join('')}</template>\n  </body>`,
    );
}

/**
 * `page`'s module scripts and preloads marked as less urgent than what its first paint uses
 * (`fetchpriority="low"`, decision 28): the boot shell paints without them, as module scripts
 * never block a paint. On a fast network the app's code used to arrive before the browser had
 * drawn a frame, and Lighthouse, which simulates a phone from the order it saw, then counted all
 * of it in the page's first paint (the dashboard's FCP 0.7 s or 2.5 s, run to run).
 */
function withAppScriptsAtLowPriority(page: string): string {
  return page
    .replace(
      /<script type="module" crossorigin src=/g,
      '<script type="module" crossorigin fetchpriority="low" src=',
    )
    .replace(
      /<link rel="modulepreload" crossorigin href=/g,
      '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
    );
}

/**
 * index.html with the language, the settings and the route's preloads: its modules in the head,
 * its styles at the end of the body, after the boot shell, which the app's scripts give way to
 * (withAppScriptsAtLowPriority). With `screen` (one the build prerendered) it replaces the shell,
 * and the page loads the app after painting it (withScreen).
 */
export function pageHtml(
  html: string,
  locale: Locale,
  settings: PageSettings,
  preloads: { modules: string[]; styles: string[] } = { modules: [], styles: [] },
  /** The route's screen rendered by the build, in `locale`. */
  screen?: PrerenderedScreen,
): string {
  // After the boot shell, with the page's own (apps/web/vite-styles-after-shell.ts): in the head
  // they held back its first paint.
  const styles = preloads.styles.map(
    (href) => `    <link rel="stylesheet" crossorigin href="${href}">\n`,
  );
  const head = [
    `<meta name="corridor-marketing-site" content="${escapeAttribute(settings.marketingSiteUrl)}">`,
    ...(settings.sandboxNotice ? ['<meta name="corridor-sandbox" content="on">'] : []),
    ...preloads.modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ];
  if (!html.includes('</head>')) throw new Error('index.html has no </head> to put preloads in');
  if (!/<\/body>/.test(html)) throw new Error('index.html has no </body> to put styles in');
  if (!/<html lang="[a-z-]+"/i.test(html)) throw new Error('index.html has no <html lang="…">');
  const loading = apiText('page.loading');
  const page = html
    .replace(/<html lang="[a-z-]+"/i, `<html lang="${locale}"`)
    // The boot shell's words, which the app's first-load fallback reuses (root-layout.tsx).
    .replace(`>${loading}<`, `>${translate(loading, locale)}<`)
    .replace('</head>', `${head.join('\n    ')}\n  </head>`);
  const withStyles =
    styles.length === 0 ? page : page.replace(/[ \t]*<\/body>/, `${styles.join('')}  </body>`);
  return screen === undefined
    ? withAppScriptsAtLowPriority(withStyles)
    : withScreen(withStyles, screen, locale);
}

export function encodePage(html: string): EncodedPage {
  const identity = Buffer.from(html);
  return {
    identity,
    br: zlib.brotliCompressSync(identity),
    gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}

/** The language of a page: the browser's languages, as its first visit would pick (docs/product/web-app.md#languages). */
export function pageLocale(acceptLanguage: string | undefined): Locale {
  return pickLocale(acceptedLanguages(acceptLanguage));
}

/**
 * The page of every route of the build's table in every language, compressed once at start,
 * each announcing the route's chunks and its catalogues in that language. Empty when the build
 * wrote no table (an older build): then every URL gets the plain page.
 */
export function loadRoutePages(distDir: string, settings: PageSettings): RoutePage[] {
  const tableFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(tableFile)) return [];
  const table = routePreloadsSchema.parse(JSON.parse(fs.readFileSync(tableFile, 'utf8')));
  const prerenderedFile = path.join(distDir, PRERENDERED_FILE);
  const prerendered = fs.existsSync(prerenderedFile)
    ? prerenderedSchema.parse(JSON.parse(fs.readFileSync(prerenderedFile, 'utf8')))
    : { script: '', routes: [] };
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const inEveryLocale = (pageIn: (locale: Locale) => EncodedPage) =>
    Object.fromEntries(supportedLocales.map((locale) => [locale, pageIn(locale)])) as Record<
      Locale,
      EncodedPage
    >;
  return table.map((route) => {
    const pageIn = (locale: Locale, screen?: PrerenderedScreen) =>
      encodePage(
        pageHtml(
          html,
          locale,
          settings,
          {
            modules: [...route.modules, ...(route.messages?.[locale] ?? [])],
            styles: route.styles,
          },
          screen,
        ),
      );
    const params = new Set(
      route.path
        .split('/')
        .flatMap((segment) => (segment.startsWith(':') ? [segment.slice(1)] : [])),
    );
    // An answer's parameter the route has not would never be filled: the build is wrong.
    const unknown = (route.answers ?? []).filter((answer) =>
      answer.split('/').some((segment) => segment.startsWith(':') && !params.has(segment.slice(1))),
    );
    if (unknown.length > 0) {
      throw new Error(`${route.path}'s answers name parameters it has not: ${unknown.join(', ')}`);
    }
    const screen = prerendered.routes.find((candidate) => candidate.path === route.path)?.markup;
    return {
      pattern: patternOf(route.path),
      pages: inEveryLocale((locale) => pageIn(locale)),
      answers: route.answers ?? [],
      ...(screen && {
        prerendered: inEveryLocale((locale) => {
          const markup = screen[locale];
          if (markup === undefined)
            throw new Error(`${route.path} was not prerendered in ${locale}`);
          return pageIn(locale, { markup, script: prerendered.script });
        }),
      }),
    };
  });
}

/** The encoding to send: brotli, then gzip, then none, as the browser accepts them. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
