import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export const paginationSchema = lazySchema(() =>
  z.object({
    total: z.number().int().nonnegative(),
    count: z.number().int().nonnegative(),
    per_page: z.number().int().positive(),
    current_page: z.number().int().positive(),
    total_pages: z.number().int().nonnegative(),
    links: z.object({
      self: z.string(),
      next: z.string().nullable(),
      prev: z.string().nullable(),
    }),
  }),
);
export type Pagination = z.infer<typeof paginationSchema>;

/** A page of a list: `{data, pagination}` (docs/product/api-conventions.md#lists-and-pagination). */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: paginationSchema });

/** An unpaginated collection: `{data}`. */
export const collection = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** The `page` of every list's query: a whole number from 1, 1 when absent. */
export const pageQueryField = () =>
  z.coerce
    .number({ error: 'The page must be a whole number.' })
    .int({ error: 'The page must be a whole number.' })
    .min(1, { error: 'The page must be at least 1.' })
    .max(100_000, { error: 'The page must be at most 100000.' })
    .default(1);

/** `?page=N` on every list; out-of-range pages are empty, not errors. */
export const paginationQuerySchema = lazySchema(() => z.object({ page: pageQueryField() }));
