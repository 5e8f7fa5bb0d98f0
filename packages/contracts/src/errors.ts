import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { conflictTypes, preconditionTypes } from './error-types.ts';

/** Every error answer carries a customer-readable message (docs/product/api-conventions.md#errors). */
export const messageErrorSchema = lazySchema(() => z.object({ message: z.string() }));
export type MessageError = z.infer<typeof messageErrorSchema>;

/** 422: the first message of each field is shown under that field (docs/product/web-app.md#forms-and-validation). */
export const validationErrorSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  }),
);
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** 409 and 412 name what went wrong with a machine-readable type. */
export const typedErrorSchema = lazySchema(() =>
  z.looseObject({ type: z.string(), message: z.string() }),
);
export type TypedError = z.infer<typeof typedErrorSchema>;

/** The `type` of every 409 the API answers (error-types.ts). */
export const conflictTypeSchema = lazySchema(() => z.enum(conflictTypes));

/** The `type` of every 412 (error-types.ts). */
export const preconditionTypeSchema = lazySchema(() => z.enum(preconditionTypes));
