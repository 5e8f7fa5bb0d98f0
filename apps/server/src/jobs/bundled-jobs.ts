import type { JsonObject } from '../db/columns.ts';

/**
 * A bundle (decision 69): the items one `sendMany` of a bundled kind sends for one run time, as
 * one job whose data lists theirs. One row through `scheduled_jobs` and pg-boss, fetched,
 * completed and retried as one, instead of one each; its items still go to the kind's batch
 * handler, and alone to its handler, as jobs of their own.
 */
const ITEMS = 'bundled_items';

/** A bundle's data. */
export const bundleData = (items: readonly JsonObject[]): JsonObject => ({ [ITEMS]: [...items] });

/** The items of a bundle's data; undefined for a job of one. */
export function bundleItems(data: JsonObject): JsonObject[] | undefined {
  const items = data[ITEMS];
  return Array.isArray(items) ? (items as JsonObject[]) : undefined;
}

/** An item's id: its bundle's and its place, stable across the bundle's retries. */
export const bundleItemId = (jobId: string, index: number): string => `${jobId}/${index}`;
