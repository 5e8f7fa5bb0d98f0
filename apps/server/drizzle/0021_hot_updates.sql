-- A transfer's row changes state six to eight times in seconds. With `state` in an index, each
-- change wrote a new entry in every one of the table's indexes; without it, and with room left
-- on each page, the change is a HOT update: the new version beside the old, no index touched
-- (docs/decisions/0065-hot-updates.md). A filter of a customer's list by state reads the
-- customer's transfers through transactions_customer_created_idx.
DROP INDEX "transactions_customer_state_idx";--> statement-breakpoint
-- Written by hand (drizzle's schema has no storage parameters): room on each page for the new
-- versions of rows updated soon after they are written. The outbox's claim sets only
-- `claimed_until`, which no index covers, a payout's row changes with each step of the
-- partner, and the ledger's balances change on their account's row with every entry. Existing
-- pages keep their fill until rewritten; new pages get the room.
ALTER TABLE "transactions" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "outbox_messages" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "payouts" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "ledger_accounts" SET (fillfactor = 80);
