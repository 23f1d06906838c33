// STR helpers for integration tests: an organisation with a case to report, the STR routes called in-process as a
// signed-in person (each answer checked against the committed OpenAPI document), and a draft completed so that it
// passes every check against the goAML XSD.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect } from 'vitest';
import * as cases from '@/app/v1/cases/route';
import * as strReview from '@/app/v1/reports/str/[id]/review/route';
import * as strById from '@/app/v1/reports/str/[id]/route';
import * as strs from '@/app/v1/reports/str/route';
import { getDb } from '@/db/client';
import { entities } from '@/db/schema';
import { reloadSettings } from '@/lib/config';
import { call, newOrg, type CallResult, type TestOrg } from './api';
import { payment, postEventOk } from './events';
import { committedDocument, responseChecker } from './openapi';
import { signedIn } from './people';
import { activateTestRules } from './rules';

export const check = responseChecker(committedDocument());
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** The goAML schema's "unknown" indicator code. */
export const INDICATOR = '-';
export const FILING_SCHEMA = path.resolve(process.cwd(), '../shared/data/filing/goaml-5.0.1.xsd');

export interface Session {
  cookie: string;
  id: string;
}

export async function createStr(who: Session, body: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
  const r = await call(strs.POST, { method: 'POST', path: '/v1/reports/str', body, headers: { cookie: who.cookie, ...headers } });
  check('POST', '/v1/reports/str', r);
  return r;
}
export async function patchStr(who: Session, id: string, body: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
  const r = await call(strById.PATCH, { method: 'PATCH', path: `/v1/reports/str/${id}`, params: { id }, body, headers: { cookie: who.cookie, ...headers } });
  check('PATCH', '/v1/reports/str/{id}', r);
  return r;
}
export async function reviewStr(who: Session, id: string, headers: Record<string, string> = {}): Promise<CallResult> {
  const r = await call(strReview.POST, { method: 'POST', path: `/v1/reports/str/${id}/review`, params: { id }, headers: { cookie: who.cookie, ...headers } });
  check('POST', '/v1/reports/str/{id}/review', r);
  return r;
}
export async function readStrAs(who: Session, id: string): Promise<CallResult> {
  const r = await call(strById.GET, { path: `/v1/reports/str/${id}`, params: { id }, headers: { cookie: who.cookie } });
  check('GET', '/v1/reports/str/{id}', r);
  return r;
}

export interface StrFixture {
  org: TestOrg;
  analyst: Session;
  subject: string;
  counterparty: string;
  caseId: string;
  eventIds: string[];
}

/** A signed-in person of the organisation, as a Session. */
export async function session(orgId: string, role: 'analyst' | 'reviewer' | 'admin'): Promise<Session> {
  const person = await signedIn(orgId, role);
  return { cookie: person.cookie, id: person.who.actor.actorId };
}

/** A new subject with three payments to one counterparty, gathered into a new case of the organisation. */
export async function openCase(org: TestOrg): Promise<{ subject: string; counterparty: string; caseId: string; eventIds: string[] }> {
  const subject = `src-${randomUUID()}`;
  const counterparty = `dst-${randomUUID()}`;
  await getDb()
    .insert(entities)
    .values([
      {
        orgId: org.orgId,
        id: subject,
        kind: 'person',
        attributes: { first_name: 'Maria', last_name: 'Borg', birth_date: '1980-04-02', nationality: 'MT', address: { street: '1 Triq il-Kbira', city: 'Valletta', country: 'MT' }, customer_id: 'C-1' },
      },
      { orgId: org.orgId, id: counterparty, kind: 'person', attributes: { name: 'Joe Mule' } },
    ]);
  const eventIds: string[] = [];
  const alertIds: string[] = [];
  for (const minutes of [30, 20, 10]) {
    const r = await postEventOk(org, payment(subject, counterparty, 500, new Date(Date.now() - minutes * 60_000).toISOString()));
    eventIds.push(r.json.event_id as string);
    if (!alertIds.includes(r.json.alert_id as string)) alertIds.push(r.json.alert_id as string);
  }
  const opened = await call(cases.POST, { method: 'POST', key: org.key, body: { title: 'Mule activity', alert_ids: alertIds }, path: '/v1/cases' });
  expect(opened.status, opened.text).toBe(201);
  return { subject, counterparty, caseId: opened.json.id as string, eventIds };
}

/** An organisation with a rule, a signed-in analyst and a case of alerts on one subject (three events). */
export async function strFixture(label: string): Promise<StrFixture> {
  const org = await newOrg(label);
  await activateTestRules(org.orgId, [{ key: 'big', expr: 'amount >= 100.0', weight: 50 }]);
  const opened = await openCase(org);
  return { org, analyst: await session(org.orgId, 'analyst'), ...opened };
}

/** What a draft needs besides what the case gives it to pass every check (with SERVICE_FILING_SCHEMA and _ENTITY_ID set). */
export const COMPLETE_DRAFT = {
  reason: 'Rent collected from many payers and moved on the same day through a mule account',
  action: 'Account restricted',
  indicators: [INDICATOR],
  subject: { id_number: '123456M', residence: 'MT', occupation: 'Clerk', phone: '+356 7900 0000' },
};

/** A new case of the fixture's organisation drafted as an STR by `drafter`, completed and sent for review. */
export async function strAwaitingApproval(f: StrFixture, drafter: Session = f.analyst): Promise<string> {
  const { caseId } = await openCase(f.org);
  const created = await createStr(drafter, { case_id: caseId });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  const fixed = await patchStr(drafter, id, COMPLETE_DRAFT);
  expect(fixed.status, fixed.text).toBe(200);
  const reviewed = await reviewStr(drafter, id);
  expect(reviewed.status, reviewed.text).toBe(200);
  return id;
}

/** Sets environment settings and reloads them; the returned function puts the previous values back. */
export function withSettings(values: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  const apply = (v: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(v)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    reloadSettings();
  };
  apply(values);
  return () => apply(saved);
}
