import { asc, inArray } from 'drizzle-orm';
import type { JsonObject } from '../db/columns.ts';
import type { Database } from '../db/database.ts';
import { bundleKindOf } from './outbox-bundles.ts';
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
