import { settings } from '@/lib/config';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** JSON lines on stdout, one object per line. Never pass secrets, keys or passwords. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < order[settings().logLevel]) return;
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
}
