CREATE TABLE "country_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_normalized" text NOT NULL,
	"country_id" uuid NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "country_waitlist" ADD CONSTRAINT "country_waitlist_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "country_waitlist_email_country_unique" ON "country_waitlist" USING btree ("email_normalized","country_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_locale_check" CHECK ("customers"."locale" in ('en', 'es'));