/**
 * The marketing site the sign-up screen's close link returns to (docs/product/routes-and-screens.md#sign-up-screen): the server's
 * MARKETING_SITE_URL setting, which every page carries (apps/server/src/plugins/spa-route-pages.ts);
 * by default, and without a server (tests, `vite dev`), our own sign-in page.
 */
export const MARKETING_SITE_URL =
  document.querySelector<HTMLMetaElement>('meta[name="corridor-marketing-site"]')?.content || '/';

/** Static documents served beside the app (apps/web/public/legal). */
export const legalDocuments = {
  privacyPolicy: '/legal/privacy.html',
  termsOfService: '/legal/terms.html',
} as const;
