import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { supportedLocales } from './locales.ts';

/** A language Corridor speaks, as the customer resource and its requests carry it. */
export const localeSchema = lazySchema(() =>
  z.enum(supportedLocales, { error: 'Choose English or Spanish.' }),
);

/**
 * POST /client/v1/profile/locale: the language the customer chose (the sign-in page's or
 * settings' switch). Answers the customer resource; emails follow it from then on.
 */
export const updateLocaleRequestSchema = lazySchema(() => z.object({ locale: localeSchema }));
export type UpdateLocaleRequest = z.infer<typeof updateLocaleRequestSchema>;
