CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"iso2_alpha" char(2) NOT NULL,
	"iso3_alpha" char(3) NOT NULL,
	"iso_numeric" char(3),
	"fips_code" text,
	"slug" text NOT NULL,
	"calling_code" text,
	"common_name" text NOT NULL,
	"official_name" text NOT NULL,
	"endonym" text NOT NULL,
	"demonym" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_iso2_alpha_unique" UNIQUE("iso2_alpha"),
	CONSTRAINT "countries_iso3_alpha_unique" UNIQUE("iso3_alpha"),
	CONSTRAINT "countries_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"iso_alpha" char(3) NOT NULL,
	"iso_numeric" char(3) NOT NULL,
	"name" text NOT NULL,
	"decimal_places" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_iso_alpha_unique" UNIQUE("iso_alpha")
);
