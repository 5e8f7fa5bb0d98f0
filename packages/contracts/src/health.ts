import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export const healthSchema = lazySchema(() => z.object({ status: z.literal('ok') }));
export const readinessSchema = lazySchema(() =>
  z.object({
    status: z.enum(['ok', 'unavailable']),
    checks: z.object({
      database: z.enum(['ok', 'unavailable']),
      /** Present when the server uses Redis (rate limits and realtime fan-out). */
      redis: z.enum(['ok', 'unavailable']).optional(),
    }),
  }),
);
export type Readiness = z.infer<typeof readinessSchema>;
