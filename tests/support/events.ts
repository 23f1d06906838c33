import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import * as events from '@/app/v1/events/route';
import { getDb } from '@/db/client';
import { events as eventsTable } from '@/db/schema';
import { call, type CallResult, type TestOrg } from './api';

let seq = 0;

/** A transfer event body: a payment when `value` is given, with the source and destination named. */
export function payment(from: string | null, to: string | null, value: number | null, occurredAt: string, extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    type: 'transfer',
    idempotency_key: `evt-${seq}-${Math.random().toString(36).slice(2)}`,
    occurred_at: occurredAt,
    ...(value !== null ? { amount: { value, currency: 'EUR' } } : {}),
    ...(from ? { source: { entity_id: from } } : {}),
    ...(to ? { destination: { entity_id: to } } : {}),
    ...extra,
  };
}

/** POST /v1/events with the organisation's key. */
export const postEvent = (org: TestOrg, body: unknown, mode: 'sync' | 'async' = 'sync') =>
  call(events.POST, { method: 'POST', path: `/v1/events?mode=${mode}`, key: org.key, body });

/** POST /v1/events and insist on the mode's answer (200 sync, 202 async), so a failed store never passes silently. */
export async function postEventOk(org: TestOrg, body: unknown, mode: 'sync' | 'async' = 'sync'): Promise<CallResult> {
  const r = await postEvent(org, body, mode);
  expect(r.status, r.text).toBe(mode === 'sync' ? 200 : 202);
  return r;
}

/** The rules that fired on a decision, sorted. */
export const firedRules = (r: { json: { reasons: { rule: string }[] } }): string[] => r.json.reasons.map((x) => x.rule).sort();

export type Features = Record<string, number>;

/** The counters stored with each of the events, by event id. */
export async function storedFeatures(org: TestOrg, eventIds: string[]): Promise<Map<string, { features: Features; dest: Features }>> {
  const rows = await getDb()
    .select({ id: eventsTable.id, features: eventsTable.features, dest: eventsTable.destFeatures })
    .from(eventsTable)
    .where(and(eq(eventsTable.orgId, org.orgId), inArray(eventsTable.id, eventIds)));
  return new Map(rows.map((r) => [r.id, { features: r.features as Features, dest: r.dest as Features }]));
}

/** The counters stored with one event (source side and destination side). */
export async function featuresOf(org: TestOrg, eventId: string): Promise<{ features: Features; dest: Features }> {
  const row = (await storedFeatures(org, [eventId])).get(eventId);
  expect(row, `event ${eventId} is stored`).toBeDefined();
  return row as { features: Features; dest: Features };
}

export type { CallResult };
