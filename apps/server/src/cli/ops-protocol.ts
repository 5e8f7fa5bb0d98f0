import {
  documentStatusSchema,
  paymentStateCodeSchema,
  transactionStateCodeSchema,
} from '@corridor/contracts';
import { z } from 'zod';

/** What an operator does to a transfer, each recorded with who and why (decision 0039). */
export const transferActionCommands = [
  'transfers:hold',
  'transfers:release',
  'transfers:settle',
  'transfers:fail',
  'transfers:refund',
] as const;
export type TransferActionCommand = (typeof transferActionCommands)[number];

/**
 * What the ops CLI asks and what it is answered (decision 0023): the same whether the CLI works
 * on the database itself or asks the running server over DATA_DIR/ops.sock, one JSON line each.
 * Kept free of the modules, so asking a server loads little (ops-execute.ts runs a request).
 */
export const opsRequestSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('documents:list'), status: documentStatusSchema.optional() }),
  z.object({ command: z.literal('documents:show'), id: z.string().max(100) }),
  z.object({ command: z.literal('documents:approve'), id: z.string().max(100) }),
  z.object({
    command: z.literal('documents:reject'),
    id: z.string().max(100),
    reason: z.string().max(2000),
  }),
  z.object({ command: z.literal('ledger:check') }),
  z.object({
    command: z.enum(['customers:block', 'customers:unblock']),
    id: z.string().max(100),
    reason: z.string().max(2000),
    /** Who acts: `--as`, else CORRIDOR_OPERATOR where the CLI runs (decision 0039). */
    operator: z.string().max(200),
  }),
  z.object({
    command: z.literal('transfers:list'),
    state: transactionStateCodeSchema.optional(),
    customer: z.string().max(100).optional(),
  }),
  /** A transfer by its id or its number (TP and ten digits). */
  z.object({ command: z.literal('transfers:show'), id: z.string().max(100) }),
  z.object({
    command: z.enum(transferActionCommands),
    id: z.string().max(100),
    reason: z.string().max(2000),
    operator: z.string().max(200),
  }),
  z.object({
    command: z.literal('payments:list'),
    state: paymentStateCodeSchema.optional(),
    /** A transfer by its id or its number. */
    transfer: z.string().max(100).optional(),
  }),
  /** A payment by its id or its reference (TP…, TP…-002). */
  z.object({ command: z.literal('payments:show'), id: z.string().max(100) }),
  z.object({
    command: z.literal('payments:refund'),
    id: z.string().max(100),
    reason: z.string().max(2000),
    operator: z.string().max(200),
  }),
]);
export type OpsRequest = z.infer<typeof opsRequestSchema>;

/**
 * A refusal (`not_found`, `not_reviewable`, `invalid`: the review's DecisionError or an
 * OperatorActionError), or worse.
 */
export type OpsErrorCode =
  'not_found' | 'not_reviewable' | 'invalid' | 'bad_request' | 'server_error';

export type OpsResponse =
  { ok: true; result: unknown } | { ok: false; error: { code: OpsErrorCode; message: string } };
