CREATE TABLE "customer_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"category_code" text NOT NULL,
	"type_code" text NOT NULL,
	"status" text NOT NULL,
	"rejection_reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"poi_name" text,
	"poi_second_name" text,
	"poi_third_name" text,
	"poi_birth_date" date,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_documents_status_check" CHECK ("customer_documents"."status" in ('pending-verification', 'processing', 'review-required', 'approved', 'rejected')),
	CONSTRAINT "customer_documents_category_check" CHECK ("customer_documents"."category_code" in ('POI', 'POA', 'SOF'))
);
--> statement-breakpoint
CREATE TABLE "document_uploads" (
	"object_key" text PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"category_code" text NOT NULL,
	"type_code" text NOT NULL,
	"file_name" text NOT NULL,
	"declared_type" text NOT NULL,
	"declared_size" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"document_id" uuid,
	"page_number" smallint,
	"size_bytes" integer,
	"sniffed_type" text,
	"width" integer,
	"height" integer,
	"pdf_pages" integer,
	CONSTRAINT "document_uploads_id_unique" UNIQUE("id"),
	CONSTRAINT "document_uploads_page_check" CHECK (("document_uploads"."document_id" is null) = ("document_uploads"."page_number" is null))
);
--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_uploads" ADD CONSTRAINT "document_uploads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_uploads" ADD CONSTRAINT "document_uploads_document_id_customer_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."customer_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_documents_customer_idx" ON "customer_documents" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "document_uploads_customer_idx" ON "document_uploads" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_uploads_page_idx" ON "document_uploads" USING btree ("document_id","page_number");