-- Each counter bucket keeps the latest occurred_at of the events it counts (sent by the entity, or paid to it) and of
-- the payments among them. An event's counters read then learns from the buckets it reads anyway whether any stored
-- event of its entities occurred after it (and only then looks for those events), and the entity's latest payment.
ALTER TABLE "counter_buckets" ADD COLUMN "last_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "counter_buckets" ADD COLUMN "last_paid_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE counter_buckets b SET last_at = m.last_at, last_paid_at = m.last_paid_at
FROM (
  SELECT org_id, entity_id, hour, max(occurred_at) AS last_at, max(occurred_at) FILTER (WHERE paid) AS last_paid_at
  FROM (
    SELECT org_id, source_id AS entity_id, date_trunc('hour', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
           occurred_at, amount IS NOT NULL AS paid
    FROM events WHERE source_id IS NOT NULL
    UNION ALL
    SELECT org_id, destination_id, date_trunc('hour', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', occurred_at, true
    FROM events WHERE destination_id IS NOT NULL AND amount IS NOT NULL
  ) parts
  GROUP BY org_id, entity_id, hour
) m
WHERE b.org_id = m.org_id AND b.entity_id = m.entity_id AND b.hour = m.hour;--> statement-breakpoint
-- A bucket no stored event explains (none should exist) is dropped rather than kept without its latest time.
DELETE FROM counter_buckets WHERE last_at IS NULL;--> statement-breakpoint
ALTER TABLE "counter_buckets" ALTER COLUMN "last_at" SET NOT NULL;--> statement-breakpoint
-- As 0008, with the buckets' latest times.
CREATE OR REPLACE FUNCTION rebuild_counter_state(p_org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM counter_buckets WHERE org_id = p_org;
  DELETE FROM counterparty_hours WHERE org_id = p_org;
  DELETE FROM counterparties WHERE org_id = p_org;

  INSERT INTO counter_buckets (org_id, entity_id, hour, sent, sent_near, out_count, out_value, in_count, in_value, near_low, near_high,
                               last_at, last_paid_at)
  SELECT p_org, entity_id, hour, sum(sent)::int, sum(sent_near)::int, sum(out_count)::int, sum(out_value),
         sum(in_count)::int, sum(in_value), 4500, 5000, max(last_at), max(last_paid_at)
  FROM (
    SELECT source_id AS entity_id, date_trunc('hour', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
           count(*) AS sent, count(*) FILTER (WHERE amount >= 4500 AND amount < 5000) AS sent_near,
           count(amount) AS out_count, coalesce(sum(amount), 0) AS out_value, 0 AS in_count, 0 AS in_value,
           max(occurred_at) AS last_at, max(occurred_at) FILTER (WHERE amount IS NOT NULL) AS last_paid_at
    FROM events WHERE org_id = p_org AND source_id IS NOT NULL GROUP BY 1, 2
    UNION ALL
    SELECT destination_id, date_trunc('hour', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
           0, 0, 0, 0, count(*), coalesce(sum(amount), 0), max(occurred_at), max(occurred_at)
    FROM events WHERE org_id = p_org AND destination_id IS NOT NULL AND amount IS NOT NULL GROUP BY 1, 2
  ) parts
  GROUP BY entity_id, hour;

  INSERT INTO counterparties (org_id, entity_id, direction, counterparty_id, last_at)
  SELECT p_org, source_id, 'out', destination_id, max(occurred_at) FROM events
  WHERE org_id = p_org AND source_id IS NOT NULL AND destination_id IS NOT NULL AND amount IS NOT NULL
  GROUP BY source_id, destination_id
  UNION ALL
  SELECT p_org, destination_id, 'in', source_id, max(occurred_at) FROM events
  WHERE org_id = p_org AND source_id IS NOT NULL AND destination_id IS NOT NULL AND amount IS NOT NULL
  GROUP BY destination_id, source_id;

  INSERT INTO counterparty_hours (org_id, entity_id, direction, hour, parties)
  SELECT p_org, entity_id, direction, date_trunc('hour', last_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*)::int
  FROM counterparties WHERE org_id = p_org GROUP BY 2, 3, 4;
END;
$$;
