import type { JsonObject } from '../db/columns.ts';
import type { SendOptions } from './jobs.ts';

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

/**
 * A bundled kind's items (decision 69): one job a run time, its data the items' in the order
 * given; within one, a singleton key is sent once, as `sendMany` does. A run time with one item
 * keeps it as it is, singleton key and all.
 */
export function bundled(
  items: readonly { data: JsonObject; options: SendOptions }[],
): { data: JsonObject; options: SendOptions }[] {
  const byRunTime = new Map<number, { data: JsonObject; options: SendOptions }[]>();
  for (const item of items) {
    const at = item.options.runAt?.getTime() ?? -1;
    const group = byRunTime.get(at);
    if (group) group.push(item);
    else byRunTime.set(at, [item]);
  }
  return [...byRunTime.values()].map((group) => {
    if (group.length === 1) return group[0] as { data: JsonObject; options: SendOptions };
    const keys = new Set<string>();
    const once = group.filter(({ options: { singletonKey } }) => {
      if (singletonKey === undefined) return true;
      if (keys.has(singletonKey)) return false;
      keys.add(singletonKey);
      return true;
    });
    const { runAt } = group[0]?.options ?? {};
    return {
      data: bundleData(once.map(({ data }) => data)),
      options: runAt === undefined ? {} : { runAt },
    };
  });
}
