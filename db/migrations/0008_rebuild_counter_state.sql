-- Recomputes an organisation's incremental counter state from its events (used after bulk loads and
-- to fill the state for events stored before it existed). Hours are UTC hours, whatever the session's
-- time zone. The near-threshold band is recorded as the default (4500, 5000); under other settings the
-- service falls back to the event-by-event count until those hours leave the window.
CREATE OR REPLACE FUNCTION rebuild_counter_state(p_org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM counter_buckets WHERE org_id = p_org;
  DELETE FROM counterparty_hours WHERE org_id = p_org;
  DELETE FROM counterparties WHERE org_id = p_org;

  INSERT INTO counter_buckets (org_id, entity_id, hour, sent, sent_near, out_count, out_value, in_count, in_value, near_low, near_high)
  SELECT p_org, entity_id, hour, sum(sent)::int, sum(sent_near)::int, sum(out_count)::int, sum(out_value),
         sum(in_count)::int, sum(in_value), 4500, 5000
  FROM (
    SELECT source_id AS entity_id, date_trunc('hour', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
           count(*) AS sent, count(*) FILTER (WHERE amount >= 4500 AND amount < 5000) AS sent_near,
           count(amount) AS out_count, coalesce(sum(amount), 0) AS out_value, 0 AS in_count, 0 AS in_value
    FROM events WHERE org_id = p_org AND source_id IS NOT NULL GROUP BY 1, 2
    UNION ALL
    SELECT destination_id, date_trunc('hour', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
           0, 0, 0, 0, count(*), coalesce(sum(amount), 0)
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
--> statement-breakpoint
SELECT rebuild_counter_state(id) FROM organisations;
