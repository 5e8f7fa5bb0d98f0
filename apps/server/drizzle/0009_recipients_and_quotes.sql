CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"payment_country_id" uuid NOT NULL,
	"payment_currency" char(3) NOT NULL,
	"payout_target_id" uuid NOT NULL,
	"payout_currency" char(3) NOT NULL,
	"payout_method_id" uuid NOT NULL,
	"payout_company_id" uuid,
	"recipient_id" uuid,
	"amount_type" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"send_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"recipient_gets_minor" bigint NOT NULL,
	"markup_cost_minor" bigint NOT NULL,
	"total_cost_minor" bigint NOT NULL,
	"min_send_minor" bigint NOT NULL,
	"max_send_minor" bigint NOT NULL,
	"total_cost_percent" numeric NOT NULL,
	"mid_market_rate" numeric NOT NULL,
	"our_rate" numeric NOT NULL,
	"markup_percent" numeric NOT NULL,
	"rate_as_of" timestamp with time zone NOT NULL,
	"rate_provider" text NOT NULL,
	"pricing_version" text NOT NULL,
	"alerts" jsonb NOT NULL,
	"estimated_arrival" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quotes_amount_type_check" CHECK ("quotes"."amount_type" in ('send', 'receive')),
	CONSTRAINT "quotes_amounts_check" CHECK ("quotes"."send_minor" > 0 and "quotes"."fee_minor" >= 0 and "quotes"."recipient_gets_minor" >= 0 and "quotes"."total_minor" = "quotes"."send_minor" + "quotes"."fee_minor")
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"payout_target_id" uuid NOT NULL,
	"payout_method_id" uuid NOT NULL,
	"recipient_type" text NOT NULL,
	"relationship_id" uuid NOT NULL,
	"name" text NOT NULL,
	"second_name" text,
	"third_name" text,
	"whole_name" text NOT NULL,
	"account_number" text,
	"values" jsonb NOT NULL,
	"first_transaction_at" timestamp with time zone,
	"recent_transaction_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "recipients_type_check" CHECK ("recipients"."recipient_type" in ('individual', 'business'))
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_payment_country_id_countries_id_fk" FOREIGN KEY ("payment_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_payment_currency_currencies_iso_alpha_fk" FOREIGN KEY ("payment_currency") REFERENCES "public"."currencies"("iso_alpha") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_payout_target_id_payout_targets_id_fk" FOREIGN KEY ("payout_target_id") REFERENCES "public"."payout_targets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_payout_currency_currencies_iso_alpha_fk" FOREIGN KEY ("payout_currency") REFERENCES "public"."currencies"("iso_alpha") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_payout_company_id_payout_companies_id_fk" FOREIGN KEY ("payout_company_id") REFERENCES "public"."payout_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_payout_target_id_payout_targets_id_fk" FOREIGN KEY ("payout_target_id") REFERENCES "public"."payout_targets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_relationship_id_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."relationships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_customer_created_idx" ON "quotes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "recipients_customer_created_idx" ON "recipients" USING btree ("customer_id","created_at","id") WHERE deleted_at is null;