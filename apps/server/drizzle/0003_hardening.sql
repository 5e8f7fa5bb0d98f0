-- Issue 11, defect 5: failed sign-ins are limited per email and address and per address (the rate
-- limiter), never by a per-account lock that an attacker could use to lock the owner out.
DROP TABLE "sign_in_failures" CASCADE;