import path from 'node:path';
import { z } from 'zod';

/** A duration such as `90m`, `4h` or `3d`, parsed to milliseconds. */
export function parseDuration(text: string): number | null {
  const m = /^(\d+)\s*(s|m|h|d)$/.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]);
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 's' | 'm' | 'h' | 'd'];
  return n > 0 ? n * unit : null;
}

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const ms = parseDuration(v);
      if (ms === null) {
        ctx.addIssue({ code: 'custom', message: 'must be a duration such as 90m, 4h or 3d' });
        return z.NEVER;
      }
      return ms;
    });

const integer = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v : undefined));

/** Every setting the service reads, with its default. The README's settings table mirrors this. */
const settingsSchema = z.object({
  PORT: integer(3000, 1, 65535),
  SERVICE_DATABASE_URL: optionalText,
  SERVICE_DATA_DIR: z.string().default('.data'),
  SERVICE_DB_POOL_SIZE: integer(10, 1, 200),
  SERVICE_INGEST_WRITERS: integer(4, 1, 16),
  SERVICE_RATE_LIMIT: integer(600, 0),
  SERVICE_ORG_RATE_LIMIT: integer(6000, 0),
  SERVICE_BLOCK_SCORE: integer(80, 1, 100),
  SERVICE_REVIEW_SCORE: integer(40, 1, 100),
  SERVICE_NEAR_THRESHOLD_LOW: z.coerce.number().nonnegative().default(4500),
  SERVICE_NEAR_THRESHOLD_HIGH: z.coerce.number().positive().default(5000),
  SERVICE_SLA_HIGH: duration('24h'),
  SERVICE_SLA_MEDIUM: duration('72h'),
  SERVICE_SCREENING_THRESHOLD: integer(80, 50, 100),
  SERVICE_SCREENING_SAMPLE: bool(false),
  SERVICE_LICENCE_PUBLIC_KEY: optionalText,
  SERVICE_BOOTSTRAP_ADMIN_EMAIL: optionalText,
  SERVICE_BOOTSTRAP_ADMIN_PASSWORD: optionalText,
  SERVICE_AUTH_SECRET: optionalText,
  SERVICE_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SERVICE_METRICS_TOKEN: optionalText,
  SERVICE_TRUSTED_PROXIES: integer(0, 0),
  SERVICE_FILING_SCHEMA: optionalText,
  SERVICE_FILING_ENTITY_ID: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v.trim());
      if (!/^\d+$/.test(v.trim()) || n < 1 || n > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: 'must be the whole number the filing unit gave the reporting entity (1 to 2147483647)' });
        return z.NEVER;
      }
      return n;
    }),
  SERVICE_FILING_URL: optionalText.refine((v) => v === undefined || (/^https?:\/\/[^/?#\s]+/i.test(v) && URL.canParse(v)), 'must be an http or https URL'),
  SERVICE_FILING_TIMEOUT_MS: integer(10_000, 100, 600_000),
  SERVICE_FILING_WORKER_INTERVAL_MS: integer(5_000, 50, 3_600_000),
  SERVICE_REPORT_CURRENCY: z
    .string()
    .default('EUR')
    .transform((v) => v.trim().toUpperCase())
    .refine((v) => /^[A-Z]{3}$/.test(v), 'must be an ISO 4217 currency code such as EUR'),
  SERVICE_CTR_THRESHOLD: integer(10_000, 1),
  SERVICE_CTR_AT: z
    .string()
    .default('01:00')
    .transform((v, ctx) => {
      const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(v.trim());
      if (!m) {
        ctx.addIssue({ code: 'custom', message: 'must be a UTC time of day as HH:MM, such as 01:00' });
        return z.NEVER;
      }
      return Number(m[1]) * 60 + Number(m[2]);
    }),
});

export type Settings = {
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolSize: number;
  /** Ingest batches of one instance in flight at once (lib/events/ingest-queue.ts). */
  ingestWriters: number;
  rateLimitPerMinute: number;
  /** Requests a minute over all of one organisation's keys and people; 0 turns this limit off. */
  orgRateLimitPerMinute: number;
  blockScore: number;
  reviewScore: number;
  nearThresholdLow: number;
  nearThresholdHigh: number;
  slaHighMs: number;
  slaMediumMs: number;
  screeningThreshold: number;
  screeningSample: boolean;
  licencePublicKey: string | undefined;
  bootstrapAdminEmail: string | undefined;
  bootstrapAdminPassword: string | undefined;
  authSecret: string | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Bearer token that GET /metrics requires; unset leaves /metrics open (keep it on an internal network). */
  metricsToken: string | undefined;
  /** Proxies in front of the service whose X-Forwarded-For entries count (0: the socket's peer is the client). */
  trustedProxies: number;
  /** Absolute path of the goAML XSD that STR documents are checked against; unset makes the schema check a warning. */
  filingSchema: string | undefined;
  /** The reporting entity's id at the filing unit (`rentity_id` of every report); unset is an error check on every STR. */
  filingEntityId: number | undefined;
  /** The regulator's filing system (`POST {url}/reports`); unset means filing is not configured. */
  filingUrl: string | undefined;
  /** Time allowed for one request to the filing system, answer included; past it the attempt counts as unreachable. */
  filingTimeoutMs: number;
  /** How often the filing worker looks for queued filings to send again and filed reports to poll. */
  filingWorkerIntervalMs: number;
  /** ISO 4217 currency reports state their amounts in (goAML `currency_code_local`). */
  reportCurrency: string;
  /** Cash in or cash out of one entity over one UTC day, in any one currency (whole units), that puts its cash events on the day's CTR batch. */
  ctrThreshold: number;
  /** Minutes after midnight UTC at which the nightly build makes the previous day's CTR batch. */
  ctrAtMinutes: number;
};

export class SettingsError extends Error {}

/** Parses the environment; throws a SettingsError naming every bad setting. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const known = Object.fromEntries(
    Object.keys(settingsSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = settingsSchema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    throw new SettingsError(`invalid setting(s): ${lines.join('; ')}`);
  }
  const s = parsed.data;
  if (s.SERVICE_NEAR_THRESHOLD_LOW >= s.SERVICE_NEAR_THRESHOLD_HIGH) {
    throw new SettingsError('invalid setting(s): SERVICE_NEAR_THRESHOLD_LOW must be below SERVICE_NEAR_THRESHOLD_HIGH');
  }
  if (s.SERVICE_REVIEW_SCORE > s.SERVICE_BLOCK_SCORE) {
    throw new SettingsError('invalid setting(s): SERVICE_REVIEW_SCORE must not be above SERVICE_BLOCK_SCORE');
  }
  return {
    port: s.PORT,
    databaseUrl: s.SERVICE_DATABASE_URL,
    dataDir: path.resolve(s.SERVICE_DATA_DIR),
    dbPoolSize: s.SERVICE_DB_POOL_SIZE,
    ingestWriters: s.SERVICE_INGEST_WRITERS,
    rateLimitPerMinute: s.SERVICE_RATE_LIMIT,
    orgRateLimitPerMinute: s.SERVICE_ORG_RATE_LIMIT,
    blockScore: s.SERVICE_BLOCK_SCORE,
    reviewScore: s.SERVICE_REVIEW_SCORE,
    nearThresholdLow: s.SERVICE_NEAR_THRESHOLD_LOW,
    nearThresholdHigh: s.SERVICE_NEAR_THRESHOLD_HIGH,
    slaHighMs: s.SERVICE_SLA_HIGH,
    slaMediumMs: s.SERVICE_SLA_MEDIUM,
    screeningThreshold: s.SERVICE_SCREENING_THRESHOLD,
    screeningSample: s.SERVICE_SCREENING_SAMPLE,
    licencePublicKey: s.SERVICE_LICENCE_PUBLIC_KEY,
    bootstrapAdminEmail: s.SERVICE_BOOTSTRAP_ADMIN_EMAIL,
    bootstrapAdminPassword: s.SERVICE_BOOTSTRAP_ADMIN_PASSWORD,
    authSecret: s.SERVICE_AUTH_SECRET,
    logLevel: s.SERVICE_LOG_LEVEL,
    metricsToken: s.SERVICE_METRICS_TOKEN,
    trustedProxies: s.SERVICE_TRUSTED_PROXIES,
    filingSchema: s.SERVICE_FILING_SCHEMA !== undefined ? path.resolve(s.SERVICE_FILING_SCHEMA) : undefined,
    filingEntityId: s.SERVICE_FILING_ENTITY_ID,
    filingUrl: s.SERVICE_FILING_URL,
    filingTimeoutMs: s.SERVICE_FILING_TIMEOUT_MS,
    filingWorkerIntervalMs: s.SERVICE_FILING_WORKER_INTERVAL_MS,
    reportCurrency: s.SERVICE_REPORT_CURRENCY,
    ctrThreshold: s.SERVICE_CTR_THRESHOLD,
    ctrAtMinutes: s.SERVICE_CTR_AT,
  };
}

let current: Settings | undefined;

/** The settings of this process, read once from the environment. */
export function settings(): Settings {
  current ??= parseSettings(process.env);
  return current;
}

/** Tests change settings through the environment and then call this. */
export function reloadSettings(): Settings {
  current = undefined;
  return settings();
}
