-- Ingest updates these rows on every event (an entity's last_seen_at, the counters of its current hour) and none of
-- the columns it changes is indexed: with room left on each page, PostgreSQL writes the new row version beside the
-- old one (a HOT update) and adds nothing to the tables' indexes, the entities' trigram indexes among them. Pages
-- written from now on keep a fifth free for that.
ALTER TABLE "entities" SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE "counter_buckets" SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE "counterparty_hours" SET (fillfactor = 80);
