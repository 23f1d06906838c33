import type { FigureValue } from './figures/snapshot';

const ACRONYMS: Record<string, string> = { sla: 'SLA', strs: 'STRs', str: 'STR', ctr: 'CTR', api: 'API', sha256: 'SHA-256', pdf: 'PDF' };

/** A figure's name as the PDF and the console print it: `sla_met_pct` → `SLA met %`. */
export function figureLabel(key: string): string {
  const words = key
    .replace(/_pct$/, ' %')
    .split('_')
    .map((w) => ACRONYMS[w] ?? w)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A figure's value as printed: grouped numbers, times to the minute (UTC), ids shortened, a dash for none. */
export function figureText(v: FigureValue): string {
  if (v === null) return '—';
  if (typeof v === 'number') return Number.isInteger(v) ? v.toLocaleString('en-GB') : v.toLocaleString('en-GB', { maximumFractionDigits: 2 });
  if (/^\d{4}-\d{2}-\d{2}T/.test(v)) return v.slice(0, 16).replace('T', ' ');
  // A backtest run's id, shortened as a commit is: enough to find it, narrow enough for its column.
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return v.slice(0, 8);
  return v;
}
