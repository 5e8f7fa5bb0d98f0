import { sql } from 'drizzle-orm';
import { char, check, customType, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { customers } from '../customers/customers.schema.ts';

/** A file's bytes (bytea): PGlite answers a Uint8Array, node-postgres a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

/**
 * A statement a customer asked for (docs/product/sending-money.md#receipts-and-statements): made
 * by a job (PREPARING → READY with its file, or FAILED), downloadable by its owner until
 * `expires_at`. Past that time it reads as EXPIRED (on the injected clock), and within the hour
 * the purge job deletes its file and stores EXPIRED: a customer's financial history is not kept
 * in a file nobody can download any more.
 */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey(),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Whole UTC days, both included. */
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    format: text('format').notNull(),
    /** The payment currency the statement is limited to, or null for all. */
    currency: char('currency', { length: 3 }),
    /** The language it is written in: the request's. */
    locale: text('locale').notNull(),
    state: text('state').notNull(),
    content: bytes('content'),
    created_at: at('created_at').notNull(),
    ready_at: at('ready_at'),
    expires_at: at('expires_at'),
  },
  (table) => [
    index('statements_customer_created_idx').on(table.customer_id, table.created_at),
    check('statements_format', sql`${table.format} in ('pdf', 'csv')`),
    check('statements_state', sql`${table.state} in ('PREPARING', 'READY', 'FAILED', 'EXPIRED')`),
    check('statements_range', sql`${table.start_date} <= ${table.end_date}`),
    check(
      'statements_ready_has_file',
      sql`(${table.state} = 'READY') = (${table.content} is not null and ${table.expires_at} is not null)`,
    ),
    check(
      'statements_expired_purged',
      sql`${table.state} <> 'EXPIRED' or (${table.content} is null and ${table.expires_at} is not null)`,
    ),
    // The purge's search: only the files still held.
    index('statements_ready_expiry_idx')
      .on(table.expires_at)
      .where(sql`${table.state} = 'READY'`),
  ],
);
