CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"currency" char(3) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"destination" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_refunds_reason_check" CHECK ("payment_refunds"."reason" in ('cancelled-by-customer', 'payout-failed', 'payout-reversed', 'missed-delivery-promise', 'operator', 'late-capture')),
	CONSTRAINT "payment_refunds_destination_check" CHECK ("payment_refunds"."destination" in ('card', 'bank-account')),
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_refunds" (
	"refund_id" uuid PRIMARY KEY NOT NULL,
	"provider_code" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"charge_id" uuid,
	"instruction" text NOT NULL,
	"reference" text NOT NULL,
	"currency" char(3) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_provider_refunds_instruction_check" CHECK ("sandbox_provider_refunds"."instruction" in ('card-refund', 'bank-transfer-out')),
	CONSTRAINT "sandbox_provider_refunds_amount_check" CHECK ("sandbox_provider_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"format" text NOT NULL,
	"currency" char(3),
	"locale" text NOT NULL,
	"state" text NOT NULL,
	"content" "bytea",
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "statements_format" CHECK ("statements"."format" in ('pdf', 'csv')),
	CONSTRAINT "statements_state" CHECK ("statements"."state" in ('PREPARING', 'READY', 'FAILED')),
	CONSTRAINT "statements_range" CHECK ("statements"."start_date" <= "statements"."end_date"),
	CONSTRAINT "statements_ready_has_file" CHECK (("statements"."state" = 'READY') = ("statements"."content" is not null and "statements"."expires_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "operator_actions" DROP CONSTRAINT "operator_actions_action_check";--> statement-breakpoint
ALTER TABLE "operator_actions" DROP CONSTRAINT "operator_actions_subject_type_check";--> statement-breakpoint
ALTER TABLE "transaction_states" DROP CONSTRAINT "transaction_states_cause_check";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "cancellable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_currency_currencies_iso_alpha_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("iso_alpha") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_transaction_idx" ON "payment_refunds" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "statements_customer_created_idx" ON "statements" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "operator_actions" ADD CONSTRAINT "operator_actions_action_check" CHECK ("operator_actions"."action" in ('customer-blocked', 'customer-unblocked', 'transfer-held', 'transfer-released', 'transfer-settled', 'transfer-payout-failed', 'transfer-refunded', 'payment-refunded'));--> statement-breakpoint
ALTER TABLE "operator_actions" ADD CONSTRAINT "operator_actions_subject_type_check" CHECK ("operator_actions"."subject_type" in ('customer', 'transaction', 'payment'));--> statement-breakpoint
ALTER TABLE "transaction_states" ADD CONSTRAINT "transaction_states_cause_check" CHECK ("transaction_states"."cause" is null or "transaction_states"."cause" in ('payment-opened', 'payment-cleared', 'document-required', 'document-provided', 'document-accepted', 'document-rejected', 'review-required', 'review-passed', 'conversion-started', 'converted', 'sending-for-payout', 'partner-accepted', 'partner-confirmed', 'partner-failed', 'payout-retried', 'refunded', 'reversed', 'held-by-operator', 'released-by-operator', 'cancelled-by-customer', 'cancelled-within-window', 'cancelled-by-operator', 'payment-timed-out', 'payment-failed'));