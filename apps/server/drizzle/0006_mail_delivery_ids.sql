ALTER TABLE "mail_outbox" ADD COLUMN "outbox_message_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_outbox_message_id_unique" UNIQUE("outbox_message_id");