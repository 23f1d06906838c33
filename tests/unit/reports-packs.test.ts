// Evidence pack helpers that need no database: the default quarter, the period's half-open bounds, and how figures
// are named and printed (the PDF and the console share these).
import { describe, expect, it } from 'vitest';
import { figureLabel, figureText } from '@/lib/reports/packs/figure-text';
import { periodOf } from '@/lib/reports/packs/figures/snapshot';
import { quarterOf } from '@/lib/reports/packs/schemas';

describe('quarterOf', () => {
  it('answers the UTC calendar quarter holding the moment, its first and last day', () => {
    expect(quarterOf(new Date('2026-01-01T00:00:00Z'))).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterOf(new Date('2026-03-31T23:59:59.999Z'))).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterOf(new Date('2026-04-01T00:00:00Z'))).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(quarterOf(new Date('2026-11-25T15:00:00Z'))).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(quarterOf(new Date('2024-02-29T12:00:00Z'))).toEqual({ from: '2024-01-01', to: '2024-03-31' });
  });
});

describe('periodOf', () => {
  it('reads both days as included: from at midnight UTC up to the midnight after to', () => {
    expect(periodOf('org', '2026-07-01', '2026-09-30')).toEqual({ orgId: 'org', start: '2026-07-01T00:00:00.000Z', end: '2026-10-01T00:00:00.000Z' });
    expect(periodOf('org', '2025-12-31', '2025-12-31')).toEqual({ orgId: 'org', start: '2025-12-31T00:00:00.000Z', end: '2026-01-01T00:00:00.000Z' });
    expect(periodOf('org', '2024-02-01', '2024-02-28').end).toBe('2024-02-29T00:00:00.000Z');
  });
});

describe('figure names and values', () => {
  it('names figures in words, with the acronyms written as such', () => {
    expect(figureLabel('sla_met_pct')).toBe('SLA met %');
    expect(figureLabel('strs_filed')).toBe('STRs filed');
    expect(figureLabel('ctr_by_status')).toBe('CTR by status');
    expect(figureLabel('p90_hours_to_close')).toBe('P90 hours to close');
  });

  it('prints numbers grouped, times to the minute, ids shortened and nothing as a dash', () => {
    expect(figureText(20000)).toBe('20,000');
    expect(figureText(232.8)).toBe('232.8');
    expect(figureText(1 / 3)).toBe('0.33');
    expect(figureText('2026-07-04T09:30:12.000Z')).toBe('2026-07-04 09:30');
    expect(figureText('adac6618-2107-455f-a6a7-5044bf34d06d')).toBe('adac6618');
    expect(figureText(null)).toBe('—');
    expect(figureText('schema error')).toBe('schema error');
  });
});
