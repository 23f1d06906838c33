-- The payload is kept as the text that was sent (json keeps it verbatim; jsonb reorders keys and drops duplicates).
ALTER TABLE "events" ALTER COLUMN "payload" SET DATA TYPE json USING "payload"::json;
