-- Written by hand (drizzle's schema has no compression methods): the values that PostgreSQL
-- compresses on nearly every write, a mail's text and HTML (their row over the 2 KB at which it
-- compresses; two mails a transfer), an outbox message's payload (a batch's events in one) and
-- a scheduled bundle's items, are compressed with lz4 where the server has it rather than with
-- pglz, whose compression took about 1.5 % of PostgreSQL's CPU under the transfers bench
-- (docs/performance.md, eighteenth session; decision 72). As for the stored answers (migration
-- 0020), PGlite has no lz4: there they stay pglz. Values already written keep their method until
-- rewritten.
DO $$ BEGIN
  ALTER TABLE "mail_outbox" ALTER COLUMN "text" SET COMPRESSION lz4;
  ALTER TABLE "mail_outbox" ALTER COLUMN "html" SET COMPRESSION lz4;
  ALTER TABLE "outbox_messages" ALTER COLUMN "payload" SET COMPRESSION lz4;
  ALTER TABLE "scheduled_jobs" ALTER COLUMN "data" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN NULL;
END $$;
