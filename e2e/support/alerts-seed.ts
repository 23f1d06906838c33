import { expect } from 'vitest';
import { runCli } from '../../tests/support/processes';
import type { RunningService } from './server';

export interface SeededPerson {
  id: string;
  email: string;
  name: string;
  password: string;
}

export interface AlertsInstall {
  key: string;
  analyst: SeededPerson;
  reviewer: SeededPerson;
}

/** An organisation made by the command line, with the built-in rules, an API key, an analyst and a reviewer. */
export async function seedAlertsInstall(service: RunningService, org = 'Harbour Bank'): Promise<AlertsInstall> {
  const env = { SERVICE_DATABASE_URL: service.databaseUrl };
  const cli = async (args: string[]) => {
    const r = await runCli(args, env);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as Record<string, string>;
  };
  await cli(['orgs', 'create', '-name', org]);
  await cli(['rules', 'seed', '-org', org]);
  const { key } = await cli(['keys', 'create', '-org', org, '-name', 'core banking']);
  const person = async (name: string, email: string, role: string): Promise<SeededPerson> => {
    const password = `${role} passphrase for the e2e run`;
    const made = await cli(['people', 'create', '-org', org, '-email', email, '-name', name, '-role', role, '-password', password]);
    return { id: made.id as string, email, name, password };
  };
  return {
    key: key as string,
    analyst: await person('Ana Analyst', 'ana@harbour.example', 'analyst'),
    reviewer: await person('Rui Reviewer', 'rui@harbour.example', 'reviewer'),
  };
}

let seq = 0;

/** POST /v1/events (scored) with the key; returns the decision. */
export async function postPayment(
  service: RunningService,
  key: string,
  p: { from: string; to: string; value: number; hoursAgo: number },
): Promise<{ decision: string; alert_id?: string }> {
  seq += 1;
  const r = await fetch(`${service.baseUrl}/v1/events?mode=sync`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'transfer',
      idempotency_key: `e2e-alerts-${seq}-${p.from}`,
      occurred_at: new Date(Date.now() - p.hoursAgo * 3_600_000).toISOString(),
      amount: { value: p.value, currency: 'EUR' },
      rail: 'sepa',
      source: { entity_id: p.from },
      destination: { entity_id: p.to },
    }),
  });
  expect(r.status, await r.clone().text()).toBe(200);
  return (await r.json()) as { decision: string; alert_id?: string };
}

/**
 * A morning's queue: one account that received money and passed it on (two occurrences on one alert, a
 * money flow both ways), and first large payments of new customers, each raising its own alert.
 * Returns the id of the pass-through account's alert.
 */
export async function seedQueue(service: RunningService, key: string): Promise<{ passThrough: string; others: string[] }> {
  const first = await postPayment(service, key, { from: 'acct-7731', to: 'shop-19', value: 9_500, hoursAgo: 6 });
  expect(first.decision).toBe('review');
  await postPayment(service, key, { from: 'payer-204', to: 'acct-7731', value: 6_000, hoursAgo: 5 });
  await postPayment(service, key, { from: 'payer-311', to: 'acct-7731', value: 4_000, hoursAgo: 4 });
  const again = await postPayment(service, key, { from: 'acct-7731', to: 'exchange-3', value: 9_000, hoursAgo: 2 });
  expect(again.alert_id).toBe(first.alert_id);
  const others: string[] = [];
  for (const [i, value] of [9_500, 7_200, 12_000, 5_400, 8_800].entries()) {
    const d = await postPayment(service, key, { from: `cust-${100 + i}`, to: 'merchant-1', value, hoursAgo: 1 - i * 0.1 });
    expect(d.decision).toBe('review');
    others.push(d.alert_id as string);
  }
  return { passThrough: first.alert_id as string, others };
}
