import { asc, inArray } from 'drizzle-orm';
import type { JsonObject } from '../db/columns.ts';
import type { Database } from '../db/database.ts';
import { BUNDLE_SUFFIX, bundleKindOf } from './outbox-bundles.ts';
import { outboxMessages } from './outbox.schema.ts';

/**
 * The payloads of every message of `kind` written so far, bundles opened (decision 68), in the
 * order they were written (tests).
 */
export async function writtenPayloads(db: Database, kind: string): Promise<JsonObject[]> {
  const rows = await db
    .select({ kind: outboxMessages.kind, payload: outboxMessages.payload })
    .from(outboxMessages)
    .where(inArray(outboxMessages.kind, [kind, bundleKindOf(kind)]))
    .orderBy(asc(outboxMessages.sequence));
  return rows.flatMap((row) =>
    row.kind === kind ? [row.payload] : (row.payload as { messages: JsonObject[] }).messages,
  );
}

/** A message as written, a bundle's opened into its own (tests). */
export interface WrittenMessage {
  kind: string;
  aggregateType: string;
  aggregateId: string;
  payload: JsonObject;
  createdAt: Date;
}

/** Every message written so far, bundles opened (decision 68), in the order written (tests). */
export async function writtenMessages(db: Database): Promise<WrittenMessage[]> {
  const rows = await db.select().from(outboxMessages).orderBy(asc(outboxMessages.sequence));
  return rows.flatMap((row) => {
    const written = {
      kind: row.kind,
      aggregateType: row.aggregate_type,
      aggregateId: row.aggregate_id,
      payload: row.payload,
      createdAt: row.created_at,
    };
    if (!row.kind.endsWith(BUNDLE_SUFFIX)) return [written];
    const kind = row.kind.slice(0, -BUNDLE_SUFFIX.length);
    const { messages } = row.payload as { messages: JsonObject[] };
    return messages.map((payload) => ({ ...written, kind, payload }));
  });
}
