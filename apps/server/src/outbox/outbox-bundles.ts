import type { JsonObject } from '../db/columns.ts';
import type { OutboxHandler, OutboxMessage } from './outbox-message.ts';
import type { NewOutboxRow } from './outbox.repository.ts';

/**
 * Delivers, in order, messages of one kind to one aggregate: a bundle's (what one gathered use
 * case wrote), or a round's run of them (docs/decisions/0068-a-commits-events-in-one-message.md).
 * It may be called again with the same messages (at least once).
 */
export type OutboxBundleHandler = (messages: readonly OutboxMessage[]) => Promise<void>;

/** What a bundle's kind adds to its messages' kind. */
export const BUNDLE_SUFFIX = '.bundle';

/** The kind of a bundle of `kind`'s messages. */
export const bundleKindOf = (kind: string): string => `${kind}${BUNDLE_SUFFIX}`;

/** A bundle's payload: its messages' payloads, in the order they were added. */
interface BundlePayload extends JsonObject {
  messages: JsonObject[];
}

/**
 * The rows a gathered use case writes, with each aggregate's consecutive messages of a bundled
 * kind made one row of the bundle's kind, where the first of them stood. Order holds within
 * every aggregate: a message of another kind between two ends the bundle before it. A bundle of
 * one is written as the message itself.
 */
export function bundleRows(
  rows: readonly NewOutboxRow[],
  bundled: { has(kind: string): boolean },
): NewOutboxRow[] {
  /** The rows to write; a bundle is its first message's row with the others' payloads. */
  const written: { row: NewOutboxRow; payloads: JsonObject[] }[] = [];
  /** Each aggregate's last row so far, while it is a bundle open to its next message. */
  const open = new Map<string, { row: NewOutboxRow; payloads: JsonObject[] }>();
  for (const row of rows) {
    const aggregate = JSON.stringify([row.aggregateType, row.aggregateId]);
    const last = open.get(aggregate);
    if (last?.row.kind === row.kind) {
      last.payloads.push(row.payload);
      continue;
    }
    const entry = { row, payloads: [row.payload] };
    written.push(entry);
    if (bundled.has(row.kind)) open.set(aggregate, entry);
    else open.delete(aggregate);
  }
  return written.map(({ row, payloads }) =>
    payloads.length === 1
      ? row
      : { ...row, kind: bundleKindOf(row.kind), payload: { messages: payloads } },
  );
}

/** A bundled kind's messages in `message`: a bundle's, each with an id of its own, or itself. */
export function openBundle(message: OutboxMessage, kind: string): OutboxMessage[] {
  if (message.kind !== bundleKindOf(kind)) return [message];
  const { messages } = message.payload as BundlePayload;
  return messages.map((payload, index) => ({
    ...message,
    id: `${message.id}/${index}`,
    kind,
    payload,
  }));
}

/** The handler of `kind`'s bundles: their messages to `deliver`. */
export function bundleHandler(kind: string, deliver: OutboxBundleHandler): OutboxHandler {
  return async (bundle) => {
    await deliver(openBundle(bundle, kind));
  };
}
