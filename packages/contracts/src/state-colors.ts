import { z } from 'zod';

/** The colours a client tints a transaction's or a payment's state with (50/200/400/600/700). */
export const colorSchemes = ['gray', 'blue', 'yellow', 'green', 'orange', 'red'] as const;
export const colorSchemeSchema = z.enum(colorSchemes);
export type ColorScheme = z.infer<typeof colorSchemeSchema>;
