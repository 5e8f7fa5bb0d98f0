import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets the server generates once and every process shares (for example the cookie-signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
