import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { authorize, isAllowed } from '@/lib/auth/policy';
import { readInstallation, storedLicence } from './installation';
import type { Licence } from './licence';

/** Admins are warned this many days before the licence ends… */
export const EXPIRY_WARNING_DAYS = 30;
/** …and once this month's events pass this share of the licensed volume. */
export const USAGE_WARNING_SHARE = 0.9;

const DAY_MS = 86_400_000;

export interface LicenceUsage {
  /** The licence checked at setup; null on an install that needs none (no licence key configured). */
  licence: Licence | null;
  /** The current UTC month, `YYYY-MM`. */
  month: string;
  /** Events of every organisation on the install that occurred this month. */
  events: number;
  /** `events / transactions_per_month`; null without a licence or with a volume of 0. */
  share: number | null;
  /** Whole days until `valid_until` ends (the licence runs through that UTC day); negative once past. */
  daysLeft: number | null;
  /** What an admin is warned of, in words; monitoring never stops because of the licence. */
  warnings: string[];
}

function monthBounds(now: Date): { start: Date; end: Date; month: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, month: start.toISOString().slice(0, 7) };
}

/**
 * This month's events on the install: one range count per organisation on its (org_id, occurred_at) index, so the
 * count costs a scan of this month's index entries and never of the whole event table. Counted by `occurred_at`,
 * which is within a day of receipt (DESIGN), so the month's volume is the month's events.
 */
async function eventsThisMonth(db: Queryable, start: Date, end: Date): Promise<number> {
  const { rows } = await db.execute<{ n: string | number | null }>(sql`
    SELECT sum(c.n) AS n
    FROM organisations o
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM events e WHERE e.org_id = o.id AND e.occurred_at >= ${start} AND e.occurred_at < ${end}) c`);
  return Number(rows[0]?.n ?? 0);
}

/** The warnings of a licence and a month's volume (pure, for the banner and the page). */
export function licenceWarnings(licence: Licence | null, events: number, now: Date): { share: number | null; daysLeft: number | null; warnings: string[] } {
  if (!licence) return { share: null, daysLeft: null, warnings: [] };
  const endsAt = Date.parse(`${licence.valid_until}T00:00:00Z`) + DAY_MS;
  const daysLeft = Math.ceil((endsAt - now.getTime()) / DAY_MS) - 1;
  const share = licence.transactions_per_month > 0 ? events / licence.transactions_per_month : null;
  const warnings: string[] = [];
  if (endsAt <= now.getTime()) warnings.push(`The licence ended on ${licence.valid_until}. Monitoring goes on; renew it with your supplier.`);
  else if (daysLeft < EXPIRY_WARNING_DAYS)
    warnings.push(`The licence ends on ${licence.valid_until}, in ${daysLeft === 0 ? 'less than a day' : `${daysLeft} day${daysLeft === 1 ? '' : 's'}`}. Renew it with your supplier.`);
  if (share !== null && share > USAGE_WARNING_SHARE)
    warnings.push(`This month's events have reached ${Math.floor(share * 100)} % of the licensed ${licence.transactions_per_month.toLocaleString('en')} a month. Monitoring goes on; talk to your supplier about the volume.`);
  return { share, daysLeft, warnings };
}

/** The licence in force and this month's usage, for admins. */
export async function licenceUsage(db: Queryable, actor: Actor, now = new Date()): Promise<LicenceUsage> {
  authorize(actor, 'administer');
  const licence = storedLicence(await readInstallation(db));
  const { start, end, month } = monthBounds(now);
  const events = await eventsThisMonth(db, start, end);
  return { licence, month, events, ...licenceWarnings(licence, events, now) };
}

const CACHE_MS = 60_000;
let cached: { at: number; usage: LicenceUsage } | undefined;

/**
 * The same for the console's banner, shown to admins on every screen: read at most once a minute per process, so
 * the banner costs no query on most pages. Anyone else gets no warnings.
 */
export async function licenceBannerWarnings(db: Queryable, actor: Actor): Promise<string[]> {
  if (actor.actorKind !== 'person' || !isAllowed(actor, 'administer')) return [];
  const now = Date.now();
  if (!cached || now - cached.at > CACHE_MS) cached = { at: now, usage: await licenceUsage(db, actor, new Date(now)) };
  return cached.usage.warnings;
}
