import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { currencyCodeSchema } from './money.ts';
import { collection } from './pagination.ts';

/** A mid-market rate: a plain positive decimal string, never a float ("112.5184"). */
export const rateDecimalSchema = lazySchema(() => z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/));

/** GET /client/v1/rates/history?source_currency=GBP&target_currency=INR (the calculator's chart). */
export const rateHistoryQuerySchema = lazySchema(() =>
  z.object({
    source_currency: currencyCodeSchema,
    target_currency: currencyCodeSchema,
  }),
);
export type RateHistoryQuery = z.infer<typeof rateHistoryQuerySchema>;

/**
 * One day of the last 30 (UTC): the last mid-market rate of that day, 1 source = `rate` target.
 * Days without a rate (the ECB's weekends) have no point; oldest first.
 */
export const rateHistoryPointSchema = lazySchema(() =>
  z.object({ date: z.iso.date(), rate: rateDecimalSchema }),
);
export type RateHistoryPoint = z.infer<typeof rateHistoryPointSchema>;
export const rateHistorySchema = lazySchema(() => collection(rateHistoryPointSchema));
export type RateHistory = z.infer<typeof rateHistorySchema>;
