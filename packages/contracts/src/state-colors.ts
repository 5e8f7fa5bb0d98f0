import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** The colours a client tints a transaction's or a payment's state with (50/200/400/600/700). */
export const colorSchemes = ['gray', 'blue', 'yellow', 'green', 'orange', 'red'] as const;
export const colorSchemeSchema = lazySchema(() => z.enum(colorSchemes));
export type ColorScheme = z.infer<typeof colorSchemeSchema>;
