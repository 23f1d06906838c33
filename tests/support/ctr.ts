// CTR helpers for integration tests: entities and cash events stored directly (any day, no scoring), and the CTR
// routes called in-process as a signed-in person, each answer checked against the committed OpenAPI document.
import { randomUUID } from 'node:crypto';
import * as ctrRowById from '@/app/v1/reports/ctr/[id]/rows/[row_id]/route';
import * as ctrById from '@/app/v1/reports/ctr/[id]/route';
import * as ctrSubmit from '@/app/v1/reports/ctr/[id]/submit/route';
import * as ctrXmlRoute from '@/app/v1/reports/ctr/[id]/xml/route';
import * as ctrs from '@/app/v1/reports/ctr/route';
import { getDb } from '@/db/client';
import { entities, events } from '@/db/schema';
import { call, type CallResult } from './api';
import { check, type Session } from './str';

/** A customer record complete enough for the goAML person on a CTR transaction. */
export const personAttributes = (name: string, customerId: string | null): Record<string, unknown> => ({
  first_name: name,
  last_name: 'Borg',
  birth_date: '1980-04-02',
  id_number: '123456M',
  nationality: 'MT',
  residence: 'MT',
  occupation: 'Trader',
  phone: '+356 7900 0000',
  address: { street: '1 Triq il-Kbira', city: 'Valletta', country: 'MT' },
  ...(customerId === null ? {} : { customer_id: customerId }),
});

/** Stores entities of the organisation: id → attributes (kind person). */
export async function seedEntities(orgId: string, byId: Record<string, Record<string, unknown>>): Promise<void> {
  const values = Object.entries(byId).map(([id, attributes]) => ({ orgId, id, kind: 'person', attributes, registered: true }));
  if (values.length > 0) await getDb().insert(entities).values(values);
}

export interface CashEvent {
  at: string;
  type?: string;
  rail?: string | null;
  from?: string | null;
  to?: string | null;
  amount?: number | null;
  currency?: string;
}

/** Stores events as they would have arrived (async mode), answering their ids in order. */
export async function seedEvents(orgId: string, list: CashEvent[]): Promise<string[]> {
  if (list.length === 0) return [];
  const rows = await getDb()
    .insert(events)
    .values(
      list.map((e) => ({
        orgId,
        idempotencyKey: randomUUID(),
        type: e.type ?? 'cash_deposit',
        occurredAt: new Date(e.at),
        amount: e.amount === null ? null : String(e.amount ?? 0),
        currency: e.amount === null ? null : (e.currency ?? 'EUR'),
        rail: e.rail === undefined ? null : e.rail,
        sourceId: e.from ?? null,
        destinationId: e.to ?? null,
        payload: { occurred_at: e.at },
        mode: 'async' as const,
      })),
    )
    .returning({ id: events.id });
  return rows.map((r) => r.id);
}

export async function createCtr(who: Session, body: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
  const r = await call(ctrs.POST, { method: 'POST', path: '/v1/reports/ctr', body, headers: { cookie: who.cookie, ...headers } });
  check('POST', '/v1/reports/ctr', r);
  return r;
}

export async function readCtrAs(who: Session, id: string, query = ''): Promise<CallResult> {
  const r = await call(ctrById.GET, { path: `/v1/reports/ctr/${id}${query ? `?${query}` : ''}`, params: { id }, headers: { cookie: who.cookie } });
  check('GET', '/v1/reports/ctr/{id}', r);
  return r;
}

export async function patchCtrRow(who: Session, id: string, rowId: string, body: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
  const r = await call(ctrRowById.PATCH, {
    method: 'PATCH',
    path: `/v1/reports/ctr/${id}/rows/${rowId}`,
    params: { id, row_id: rowId },
    body,
    headers: { cookie: who.cookie, ...headers },
  });
  check('PATCH', '/v1/reports/ctr/{id}/rows/{row_id}', r);
  return r;
}

export async function submitCtrAs(who: Session, id: string, headers: Record<string, string> = {}): Promise<CallResult> {
  const r = await call(ctrSubmit.POST, { method: 'POST', path: `/v1/reports/ctr/${id}/submit`, params: { id }, headers: { cookie: who.cookie, ...headers } });
  check('POST', '/v1/reports/ctr/{id}/submit', r);
  return r;
}

export async function ctrXmlAs(who: Session, id: string): Promise<CallResult> {
  const r = await call(ctrXmlRoute.GET, { path: `/v1/reports/ctr/${id}/xml`, params: { id }, headers: { cookie: who.cookie } });
  check('GET', '/v1/reports/ctr/{id}/xml', r);
  return r;
}

/** Every row of a batch, following next_cursor. */
export async function allRows(who: Session, id: string, query = ''): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const r = await readCtrAs(who, id, [query, 'limit=200', cursor ? `cursor=${cursor}` : ''].filter(Boolean).join('&'));
    if (r.status !== 200) throw new Error(r.text);
    rows.push(...(r.json.rows as Record<string, unknown>[]));
    cursor = r.json.next_cursor as string | undefined;
  } while (cursor);
  return rows;
}
