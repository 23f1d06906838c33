-- Counters read an entity's events in a 24-hour window; these indexes cover those reads
-- (index-only where the visibility map allows), for events sent and for events received.
CREATE INDEX "events_source_window_idx" ON "events" ("org_id", "source_id", "occurred_at")
  INCLUDE ("amount", "destination_id") WHERE "source_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "events_destination_window_idx" ON "events" ("org_id", "destination_id", "occurred_at")
  INCLUDE ("amount", "source_id") WHERE "destination_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "events_org_type_occurred_idx" ON "events" ("org_id", "type", "occurred_at" DESC, "id" DESC);
--> statement-breakpoint
-- Substring search on entity ids and names (`GET /v1/entities?q=`).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "entities_id_trgm_idx" ON "entities" USING gin ("id" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "entities_name_trgm_idx" ON "entities" USING gin ((lower("attributes"->>'name')) gin_trgm_ops);
