CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"currency" char(3) NOT NULL,
	"sign_rule" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_accounts_id_currency_unique" UNIQUE("id","currency"),
	CONSTRAINT "ledger_accounts_sign_rule" CHECK ("ledger_accounts"."sign_rule" in ('credit', 'none'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"event" text NOT NULL,
	"phase" text NOT NULL,
	"pending_id" uuid,
	"timeout_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_phase" CHECK ("ledger_entries"."phase" in ('posted', 'pending', 'post', 'void')),
	CONSTRAINT "ledger_entries_settles_a_pending" CHECK (("ledger_entries"."phase" in ('post', 'void')) = ("ledger_entries"."pending_id" is not null)),
	CONSTRAINT "ledger_entries_timeout_only_pending" CHECK ("ledger_entries"."timeout_at" is null or "ledger_entries"."phase" = 'pending')
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"currency" char(3) NOT NULL,
	"side" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_postings_side" CHECK ("ledger_postings"."side" in ('debit', 'credit')),
	CONSTRAINT "ledger_postings_amount_positive" CHECK ("ledger_postings"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_currencies_iso_alpha_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("iso_alpha") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_pending_id_ledger_entries_id_fk" FOREIGN KEY ("pending_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_currency_ledger_accounts_id_currency_fk" FOREIGN KEY ("account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_cause_unique" ON "ledger_entries" USING btree ("transaction_id","event");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_pending_id_unique" ON "ledger_entries" USING btree ("pending_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_timeout_idx" ON "ledger_entries" USING btree ("timeout_at") WHERE "ledger_entries"."timeout_at" is not null;--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express triggers): the ledger is append-only, enforced
-- by the database for every writer (docs/decisions/0037-the-ledger.md). A correction is a new
-- entry; a settled pending entry is a new row naming it.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
		USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_append_only" BEFORE UPDATE OR DELETE ON "ledger_accounts"
	FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts"
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings"
	FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings"
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
