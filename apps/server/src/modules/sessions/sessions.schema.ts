import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, timestamps } from '../../db/columns.ts';
import { customers } from '../customers/customers.schema.ts';

/** A signed-in browser: the session behind the cookie, and the "device" the customer sees. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** SHA-256 of the cookie's secret; the secret itself is never stored. */
    secret_hash: text('secret_hash').notNull().unique(),
    /** A public, non-authenticating handle (Session.session_token in docs/product/accounts-and-sessions.md#the-session-resource). */
    public_token: text('public_token').notNull().unique(),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    mfa_method: text('mfa_method'),
    is_mfa_completed: boolean('is_mfa_completed').notNull().default(false),
    user_agent: text('user_agent'),
    ip_address: text('ip_address'),
    device_type: text('device_type').notNull().default('unknown'),
    client_name: text('client_name'),
    client_version: text('client_version'),
    os_name: text('os_name'),
    os_version: text('os_version'),
    model: text('model'),
    vendor: text('vendor'),
    touched_at: at('touched_at').notNull().defaultNow(),
    expires_at: at('expires_at').notNull(),
    ended_at: at('ended_at'),
    ...timestamps,
  },
  (table) => [index('sessions_customer_idx').on(table.customer_id)],
);
