import { index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../db/columns.ts';
import { customers } from '../modules/customers/customers.schema.ts';

/**
 * Idempotency-Key answers (docs/product/api-conventions.md#idempotency-keys, plugins/idempotency.ts): written in the transaction of the
 * effect, replayed for the same customer, key and request until `expires_at`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, route, parameters, query and canonical body. */
    request_hash: text('request_hash').notNull(),
    response_status: smallint('response_status').notNull(),
    response_content_type: text('response_content_type'),
    /** The body exactly as it was sent; null when there was none (204). */
    response_body: text('response_body'),
    created_at: at('created_at').notNull(),
    expires_at: at('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customer_id, table.key] }),
    index('idempotency_keys_expires_at_idx').on(table.expires_at),
  ],
);
