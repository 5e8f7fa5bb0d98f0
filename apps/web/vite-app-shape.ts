/**
 * The app's shape as the build sees it: the entry, the signed-in frame and each route's screen
 * file. The chunking (vite-chunking.ts) and the route preloads (vite-route-preloads.ts) both
 * read it, so both cut the app along the same lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { accountPaths } from '../../packages/contracts/src/account-paths.ts';
import { apiPaths, routePatterns } from '../../packages/contracts/src/routes.ts';
import { routeTable, type RouteName, type RouteParams } from './src/config/routes.ts';

const SRC = path.join(import.meta.dirname, 'src');

/** index.html's script. */
export const ENTRY = path.join(SRC, 'main.tsx');

/**
 * The script of a prerendered screen's page in place of index.html's (vite-prerender.ts): an
 * entry of its own, apart from the app's code.
 */
export const START_AFTER_FIRST_PAINT = path.join(SRC, 'start-after-first-paint.ts');

/**
 * The frame every signed-in screen renders in (its layout and the session's loader, one dynamic
 * import: app/signed-in-frame.ts), loaded with it (app/router.tsx), and the wire
 * schemas its first answer (the profile) is checked with (lib/parse-with.ts loads them).
 */
export const SIGNED_IN_FRAME = [
  path.join(SRC, 'app/signed-in-frame.ts'),
  path.join(import.meta.dirname, '../../packages/contracts/src/schemas.ts'),
];

/**
 * The API's path `pattern` (routePatterns) answered on route `route`'s page, its `:id` being the
 * route's parameter `param`: `/client/v1/transaction/:transactionId` on
 * `/transaction/:transactionId`. The server fills it in from the page's URL (a well-formed id
 * only); the app asks `apiPaths.transaction(id)`, the same path.
 */
function withRouteParam<N extends RouteName>(
  _route: N,
  pattern: `${string}/:id`,
  param: keyof RouteParams<N> & string,
): string {
  return `${pattern.slice(0, -':id'.length)}:${param}`;
}

/**
 * The API GETs a route's first render waits for, which the server answers inside the route's
 * page for a signed-in browser (decision 29), so the screen need not ask for them one round trip
 * after its code has run: every signed-in screen's frame waits for the customer
 * (app/session.ts), and some screens' loaders and queries for more. The customer comes first:
 * the server asks for the others only once it answered. Each is asked exactly so, without a
 * query (src/test/page-answers.test.tsx holds the screens to it). The app takes whatever its
 * page came with (src/lib/page-answers.ts); the route preloads write this for the server.
 */
export const SIGNED_IN_FRAME_ANSWERS: readonly string[] = [accountPaths.profile];
export const SCREEN_ANSWERS: Partial<Record<RouteName, readonly string[]>> = {
  // The dashboard's loader: its tasks and the calculator's first quote (dashboard-screen.tsx).
  dashboard: [apiPaths.tasks, apiPaths.quote],
  // The saved quote the wizard opens on.
  transferWizard: [withRouteParam('transferWizard', routePatterns.quoteById, 'quoteId')],
  // The transfer being paid.
  makePayment: [withRouteParam('makePayment', routePatterns.transaction, 'transactionId')],
  // The list's first page and the calculator's first quote (5.3 KB in the page): its first load
  // has room for them since the Modal left it (issue 31: the list's request was on its largest
  // paint's path, after its scripts had run). And the recipient filter's options (at most 10
  // recipients, asked for by its first render): asked for after the scripts had run, that
  // request ended before the largest paint in some runs and Lighthouse's phone then waited for it.
  transactions: [apiPaths.transactions, apiPaths.quote, apiPaths.recipientsWhisper],
  viewTransaction: [withRouteParam('viewTransaction', routePatterns.transaction, 'transactionId')],
};

/**
 * Catalogues a screen's words loader asks for that the route preloads cannot find in the
 * route's own chunks (their catalogue's module sits in the entry's or a shared chunk), so its
 * page announces them too: by folder (`features/recipients` for its `messages/`) or, for the
 * contracts' disclosure texts, by module name without the language (`disclosure-texts`). Not
 * announced, each was asked for one round trip after the screen's chunk had run, and the
 * wizard's largest paint (a disclosure line) waited for it (issue 31).
 */
export const SCREEN_CATALOGUES: Partial<Record<RouteName, readonly string[]>> = {
  // loadTransferWizardWords: the disclosure's lines, the add-recipient wizard's words, and the
  // country pickers' (loadProfileFormMessages).
  transferWizard: [
    path.join(import.meta.dirname, '../../packages/contracts/src/disclosure-texts'),
    path.join(SRC, 'features/recipients'),
    path.join(SRC, 'features/countries'),
  ],
};

/** The screen every sign-in lands on. */
export const SIGNED_IN_HOME = 'dashboard';

/** The public screen whose first load has the tightest budget (issue 13). */
export const SIGN_IN = 'signIn';

/** The not-found screen, public, outside the route table. */
const NOT_FOUND_SCREEN = path.join(SRC, 'app/screens/not-found-screen.tsx');

/** `multiFactorAuth` → `multi-factor-auth`: app/router.tsx names each screen's file so. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The file of a route's screen: `features/<feature>/screens/<name>-screen.tsx`. */
export function screenFileOf(routeName: string): string {
  const fileName = `${kebab(routeName)}-screen.tsx`;
  const features = path.join(SRC, 'features');
  for (const feature of fs.readdirSync(features)) {
    const file = path.join(features, feature, 'screens', fileName);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`no screen file ${fileName} under ${features}`);
}

/**
 * The module a feature's screens load through, when the feature has one
 * (`features/<feature>/load-screens.ts`): it asks for the screens' chunk and their words, each a
 * dynamic import of its own, once it has itself been fetched and run. The route preloads announce
 * it and what it imports, so they download beside the app's code rather than two round trips
 * after it (issue 31: `/pay/{id}`'s largest paint waited for both).
 */
export function screenLoaderOf(routeName: string): string | undefined {
  const file = path.join(path.dirname(path.dirname(screenFileOf(routeName))), 'load-screens.ts');
  return fs.existsSync(file) ? file : undefined;
}

/** The screens anyone may open, signed in or not. */
export function publicScreenFiles(): string[] {
  return [
    ...routeTable.filter((route) => route.access === 'public').map((r) => screenFileOf(r.name)),
    NOT_FOUND_SCREEN,
  ];
}
