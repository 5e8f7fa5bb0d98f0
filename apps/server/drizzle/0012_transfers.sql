CREATE TABLE "operator_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"operator" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_actions_action_check" CHECK ("operator_actions"."action" in ('customer-blocked', 'customer-unblocked')),
	CONSTRAINT "operator_actions_subject_type_check" CHECK ("operator_actions"."subject_type" in ('customer')),
	CONSTRAINT "operator_actions_operator_check" CHECK (length(trim("operator_actions"."operator")) > 0),
	CONSTRAINT "operator_actions_reason_check" CHECK (length(trim("operator_actions"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"state" text NOT NULL,
	"method_code" text NOT NULL,
	"provider_code" text NOT NULL,
	"reference" text NOT NULL,
	"deadline" timestamp with time zone,
	"customer_confirmed_payment" boolean DEFAULT false NOT NULL,
	"currency" char(3) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_state_check" CHECK ("payments"."state" in ('CREATED', 'INITIALIZED', 'PENDING', 'REDIRECTED', 'AUTHORIZED', 'CAPTURED', 'FAILED', 'TIMED-OUT', 'PART-REFUNDED', 'REFUNDED', 'CANCELLED')),
	CONSTRAINT "payments_number_check" CHECK ("payments"."number" between 1 and 3),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"partner_code" text NOT NULL,
	"state" text NOT NULL,
	"collection_pin" text,
	"partner_reference" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_state_check" CHECK ("payouts"."state" in ('pending', 'accepted', 'sent', 'paid', 'failed', 'reversed')),
	CONSTRAINT "payouts_attempts_check" CHECK ("payouts"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transaction_states" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"state" text NOT NULL,
	"cause" text,
	"hold_reason" text,
	"hold_action" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "transaction_states_state_check" CHECK ("transaction_states"."state" in ('CREATED', 'PENDING-PAYMENT', 'PAYMENT-CLEARED', 'DOCUMENT-REQUIRED', 'DOCUMENT-PROVIDED', 'UNDER-REVIEW', 'ON-HOLD', 'CONVERTING-FOREX', 'AVAILABLE-FOR-PAYOUT', 'SENDING-FOR-PAYOUT', 'SENT-FOR-PAYOUT', 'PAYOUT-SUCCESS', 'PAYOUT-FAILED', 'PAYOUT-REVERSED', 'CANCELLED')),
	CONSTRAINT "transaction_states_cause_check" CHECK ("transaction_states"."cause" is null or "transaction_states"."cause" in ('payment-opened', 'payment-cleared', 'document-required', 'document-provided', 'document-accepted', 'document-rejected', 'review-required', 'review-passed', 'conversion-started', 'converted', 'sending-for-payout', 'partner-accepted', 'partner-confirmed', 'partner-failed', 'payout-retried', 'refunded', 'reversed', 'held-by-operator', 'released-by-operator', 'cancelled-by-customer', 'cancelled-within-window', 'cancelled-by-operator', 'payment-timed-out')),
	CONSTRAINT "transaction_states_hold_reason_check" CHECK ("transaction_states"."hold_reason" is null or "transaction_states"."hold_reason" in ('DOCUMENT-OWED', 'DOCUMENT-REJECTED', 'DOCUMENT-BEING-CHECKED', 'COMPLIANCE-REVIEW', 'OPERATOR-HOLD')),
	CONSTRAINT "transaction_states_hold_action_check" CHECK ("transaction_states"."hold_action" is null or "transaction_states"."hold_action" in ('UPLOAD-DOCUMENT', 'WAIT-FOR-REVIEW', 'CONTACT-SUPPORT'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL,
	"transaction_number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"purpose_id" uuid NOT NULL,
	"payout_company_id" uuid NOT NULL,
	"send_currency" char(3) NOT NULL,
	"send_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"receive_currency" char(3) NOT NULL,
	"receive_minor" bigint NOT NULL,
	"receive_at_mid_market_minor" bigint NOT NULL,
	"mid_market_rate" numeric NOT NULL,
	"our_rate" numeric NOT NULL,
	"pricing_version" text NOT NULL,
	"available_by" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_state_check" CHECK ("transactions"."state" in ('CREATED', 'PENDING-PAYMENT', 'PAYMENT-CLEARED', 'DOCUMENT-REQUIRED', 'DOCUMENT-PROVIDED', 'UNDER-REVIEW', 'ON-HOLD', 'CONVERTING-FOREX', 'AVAILABLE-FOR-PAYOUT', 'SENDING-FOR-PAYOUT', 'SENT-FOR-PAYOUT', 'PAYOUT-SUCCESS', 'PAYOUT-FAILED', 'PAYOUT-REVERSED', 'CANCELLED')),
	CONSTRAINT "transactions_number_check" CHECK ("transactions"."transaction_number" ~ '^TP[0-9]{10}$'),
	CONSTRAINT "transactions_amounts_check" CHECK ("transactions"."send_minor" > 0 and "transactions"."fee_minor" >= 0 and "transactions"."receive_minor" > 0 and "transactions"."receive_at_mid_market_minor" >= 0 and "transactions"."total_minor" = "transactions"."send_minor" + "transactions"."fee_minor")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency_currencies_iso_alpha_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("iso_alpha") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_states" ADD CONSTRAINT "transaction_states_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_purpose_id_purposes_id_fk" FOREIGN KEY ("purpose_id") REFERENCES "public"."purposes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payout_company_id_payout_companies_id_fk" FOREIGN KEY ("payout_company_id") REFERENCES "public"."payout_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_send_currency_currencies_iso_alpha_fk" FOREIGN KEY ("send_currency") REFERENCES "public"."currencies"("iso_alpha") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_receive_currency_currencies_iso_alpha_fk" FOREIGN KEY ("receive_currency") REFERENCES "public"."currencies"("iso_alpha") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_actions_subject_idx" ON "operator_actions" USING btree ("subject_type","subject_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_number_unique" ON "payments" USING btree ("transaction_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_transaction_unique" ON "payouts" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transaction_states_transaction_idx" ON "transaction_states" USING btree ("transaction_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_quote_unique" ON "transactions" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_number_unique" ON "transactions" USING btree ("transaction_number");--> statement-breakpoint
CREATE INDEX "transactions_customer_created_idx" ON "transactions" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_customer_state_idx" ON "transactions" USING btree ("customer_id","state");--> statement-breakpoint
CREATE INDEX "transactions_customer_recipient_idx" ON "transactions" USING btree ("customer_id","recipient_id");