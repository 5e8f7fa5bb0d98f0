import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { currencySchema } from './payouts.ts';

/**
 * Statements (issue 30; docs/product/sending-money.md#receipts-and-statements): what a customer
 * asks for, and the statements made for them by a job, downloadable for a while.
 */

const timestamp = lazySchema(() => z.iso.datetime({ offset: true }));
const isoDate = lazySchema(() => z.iso.date({ error: 'Enter the date as YYYY-MM-DD.' }));

/** POST /client/v1/transaction/statement (docs/product/sending-money.md#receipts-and-statements). */
export const statementFormats = ['pdf', 'csv'] as const;
export const statementRequestBodySchema = lazySchema(() =>
  z
    .object({
      start_date: isoDate,
      end_date: isoDate,
      type: z.enum(statementFormats, { error: 'Choose PDF or CSV.' }),
      /** A payment currency's id from GET /client/v1/transaction/payment/currencies. */
      currency: z.uuid({ error: 'Choose a currency from the list.' }).optional(),
    })
    .refine((body) => body.start_date <= body.end_date, {
      error: 'The end date must not be before the start date.',
      path: ['end_date'],
    }),
);
export type StatementRequestBody = z.infer<typeof statementRequestBodySchema>;

/** A statement asked for: made by a job, then downloadable until `expires_at`. */
export const statementSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    start_date: z.iso.date(),
    end_date: z.iso.date(),
    type: z.enum(statementFormats),
    currency: currencySchema.nullable(),
    state: z.enum(['PREPARING', 'READY', 'FAILED', 'EXPIRED']),
    created_at: timestamp,
    /** Set once READY; the link stops working at `expires_at`. */
    download_url: z.string().nullable(),
    expires_at: timestamp.nullable(),
  }),
);
export type Statement = z.infer<typeof statementSchema>;

/** GET /client/v1/transaction/statements: the customer's statements, newest first. */
export const statementListSchema = lazySchema(() => z.object({ data: z.array(statementSchema) }));
export type StatementList = z.infer<typeof statementListSchema>;
