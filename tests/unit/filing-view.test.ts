// The report's view of its filing (the API's `filing` object) and the one-line summary of a refusal.
import { describe, expect, it } from 'vitest';
import { filingView, MAX_LAST_ERROR_CHARS, refusalSummary, type FilingRow } from '@/lib/filing/filings';

const row = (over: Partial<FilingRow> = {}): FilingRow => ({
  orgId: '6f1f7c52-2d0e-4d4b-9d1c-0c5a2b0e8a11',
  id: '0c9b2f0e-3d4a-4b6e-8f9d-1a2b3c4d5e6f',
  reportKind: 'str',
  reportId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  state: 'queued',
  xml: '<report/>',
  xmlSha256: 'ab'.repeat(32),
  reference: null,
  fiuRef: null,
  attempts: 0,
  polls: 0,
  lastError: null,
  nextAttemptAt: null,
  filedBy: 'person-1',
  sentAt: null,
  acknowledgedAt: null,
  createdAt: new Date('2026-03-01T09:00:00Z'),
  updatedAt: new Date('2026-03-01T09:00:00Z'),
  ...over,
});

describe('filingView', () => {
  it('gives exactly the API fields, times as RFC 3339 UTC with milliseconds, nulls where unset', () => {
    expect(filingView(row({ nextAttemptAt: new Date('2026-03-01T09:00:05Z') }))).toEqual({
      state: 'queued',
      reference: null,
      fiu_ref: null,
      attempts: 0,
      last_error: null,
      next_attempt_at: '2026-03-01T09:00:05.000Z',
      xml_sha256: 'ab'.repeat(32),
      sent_at: null,
      acknowledged_at: null,
    });
  });

  it('shows an acknowledged filing with its references and times, and never the XML or the queue’s bookkeeping', () => {
    const view = filingView(
      row({ state: 'acknowledged', reference: 'SIM-1', fiuRef: 'FIU-2026-1', attempts: 2, polls: 4, sentAt: new Date('2026-03-01T09:01:00Z'), acknowledgedAt: new Date('2026-03-02T10:00:00.250Z') }),
    );
    expect(view).toMatchObject({ state: 'acknowledged', reference: 'SIM-1', fiu_ref: 'FIU-2026-1', attempts: 2, sent_at: '2026-03-01T09:01:00.000Z', acknowledged_at: '2026-03-02T10:00:00.250Z', next_attempt_at: null });
    expect(Object.keys(view)).not.toContain('xml');
    expect(Object.keys(view)).not.toContain('polls');
  });
});

describe('refusalSummary', () => {
  it('lists each reason in order, with its line where the filing system named one', () => {
    expect(refusalSummary([{ line: 12, message: 'bad date' }, { line: null, message: 'entity suspended' }])).toBe('refused: line 12: bad date; entity suspended');
  });

  it('cuts a long list at the column’s limit', () => {
    const summary = refusalSummary(Array.from({ length: 500 }, (_, i) => ({ line: i + 1, message: 'element not expected here' })));
    expect(summary).toHaveLength(MAX_LAST_ERROR_CHARS);
    expect(summary.endsWith('…')).toBe(true);
  });
});
