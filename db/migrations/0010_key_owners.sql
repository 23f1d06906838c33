-- Every key gets an owner, the actor four-eyes compares (DESIGN, "Who is another person for four-eyes").
ALTER TABLE "api_keys" ADD COLUMN "owner_kind" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
-- A key a person made in the console belongs to that person.
UPDATE "api_keys" k SET "owner_kind" = 'person', "owner_id" = p."id"
  FROM "people" p WHERE p."org_id" = k."org_id" AND p."id"::text = k."created_by";--> statement-breakpoint
-- A key the command line (or any other system actor) made owns itself.
UPDATE "api_keys" k SET "owner_kind" = 'key', "owner_id" = k."id"
  WHERE k."owner_id" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "api_keys" c WHERE c."org_id" = k."org_id" AND c."id"::text = k."created_by");--> statement-breakpoint
-- A key minted through POST /v1/keys inherits the owner of the key that made it, down any chain of mints.
WITH RECURSIVE "chain" ("org_id", "id", "owner_kind", "owner_id") AS (
  SELECT "org_id", "id", "owner_kind", "owner_id" FROM "api_keys" WHERE "owner_id" IS NOT NULL
  UNION ALL
  SELECT k."org_id", k."id", c."owner_kind", c."owner_id"
    FROM "api_keys" k JOIN "chain" c ON k."org_id" = c."org_id" AND k."created_by" = c."id"::text
    WHERE k."owner_id" IS NULL
)
UPDATE "api_keys" k SET "owner_kind" = c."owner_kind", "owner_id" = c."owner_id"
  FROM "chain" c WHERE c."org_id" = k."org_id" AND c."id" = k."id" AND k."owner_id" IS NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "owner_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_owner_kind_check" CHECK ("api_keys"."owner_kind" IN ('person', 'key'));
