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
ALTER TABLE "statements" ADD CONSTRAINT "statements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statements_customer_created_idx" ON "statements" USING btree ("customer_id","created_at");