/** The marketing site the sign-up screen's close link returns to (SPEC §2). */
export const MARKETING_SITE_URL = 'https://corridor.example';

/** Static documents served beside the app (apps/web/public/legal). */
export const legalDocuments = {
  privacyPolicy: '/legal/privacy.html',
  termsOfService: '/legal/terms.html',
} as const;
