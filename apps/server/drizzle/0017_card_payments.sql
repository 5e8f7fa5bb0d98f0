CREATE TABLE "payment_provider_events" (
	"provider_code" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"brand" text NOT NULL,
	"last4" char(4) NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "sandbox_card_charges_outcome_check" CHECK ("sandbox_card_charges"."outcome" in ('challenge', 'approved', 'declined', 'insufficient_funds', 'authentication_failed'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" char(4);--> statement-breakpoint
ALTER TABLE "payment_provider_events" ADD CONSTRAINT "payment_provider_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_provider_events_unique" ON "payment_provider_events" USING btree ("provider_code","event_id");--> statement-breakpoint
CREATE INDEX "payment_provider_events_payment_idx" ON "payment_provider_events" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_card_charges_payment_unique" ON "sandbox_card_charges" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_last4_check" CHECK ("payments"."card_last4" ~ '^[0-9]{4}$');