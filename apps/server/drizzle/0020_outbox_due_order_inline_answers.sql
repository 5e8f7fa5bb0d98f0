CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("sequence") WHERE dispatched_at is null and failed_at is null and next_attempt_at is not null;--> statement-breakpoint
-- Written by hand (drizzle's schema has no storage parameters): a stored answer (confirm's and
-- "I've paid"'s Transaction resources, 10-20 KB of JSON) is kept in its row, compressed with lz4
-- where the server has it, rather than pglz-compressed and then moved to the TOAST table
-- (docs/performance.md, twelfth session). PGlite has no lz4: there it stays pglz.
ALTER TABLE "idempotency_keys" SET (toast_tuple_target = 8160);--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "idempotency_keys" ALTER COLUMN "response_body" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN NULL;
END $$;
