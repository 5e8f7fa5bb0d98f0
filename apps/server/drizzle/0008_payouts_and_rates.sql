CREATE TABLE "fx_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"base_currency" char(3) NOT NULL,
	"quote_currency" char(3) NOT NULL,
	"rate" numeric NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fx_rates_rate_positive" CHECK ("fx_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_companies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "payout_method_companies" (
	"payout_method_id" uuid NOT NULL,
	"payout_company_id" uuid NOT NULL,
	"view_order" smallint NOT NULL,
	CONSTRAINT "payout_method_companies_payout_method_id_payout_company_id_pk" PRIMARY KEY("payout_method_id","payout_company_id")
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payout_target_id" uuid NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"instruction" text,
	"promo" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"view_order" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_code_check" CHECK ("payout_methods"."code" in ('BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'))
);
--> statement-breakpoint
CREATE TABLE "payout_targets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"country_id" uuid NOT NULL,
	"currency_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"view_order" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purposes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"view_order" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purposes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "relationships" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"view_order" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relationships_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_base_currency_currencies_iso_alpha_fk" FOREIGN KEY ("base_currency") REFERENCES "public"."currencies"("iso_alpha") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_quote_currency_currencies_iso_alpha_fk" FOREIGN KEY ("quote_currency") REFERENCES "public"."currencies"("iso_alpha") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_method_companies" ADD CONSTRAINT "payout_method_companies_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_method_companies" ADD CONSTRAINT "payout_method_companies_payout_company_id_payout_companies_id_fk" FOREIGN KEY ("payout_company_id") REFERENCES "public"."payout_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_payout_target_id_payout_targets_id_fk" FOREIGN KEY ("payout_target_id") REFERENCES "public"."payout_targets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_targets" ADD CONSTRAINT "payout_targets_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_targets" ADD CONSTRAINT "payout_targets_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fx_rates_provider_pair_as_of_unique" ON "fx_rates" USING btree ("provider","base_currency","quote_currency","as_of");--> statement-breakpoint
CREATE INDEX "payout_method_companies_company_idx" ON "payout_method_companies" USING btree ("payout_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_target_code_unique" ON "payout_methods" USING btree ("payout_target_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_targets_country_currency_unique" ON "payout_targets" USING btree ("country_id","currency_id");