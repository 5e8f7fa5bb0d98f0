ALTER TABLE "statements" DROP CONSTRAINT "statements_state";--> statement-breakpoint
CREATE INDEX "statements_ready_expiry_idx" ON "statements" USING btree ("expires_at") WHERE "statements"."state" = 'READY';--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_expired_purged" CHECK ("statements"."state" <> 'EXPIRED' or ("statements"."content" is null and "statements"."expires_at" is not null));--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_state" CHECK ("statements"."state" in ('PREPARING', 'READY', 'FAILED', 'EXPIRED'));