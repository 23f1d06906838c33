import { describe, expect, it } from 'vitest';
import { auditFilterFromParams, auditQueryString } from '@/lib/audit/console-filter';
import { describeChanges } from '@/lib/audit/describe-changes';
import { auditCsvLine, csvField } from '@/lib/audit/export-csv';

describe('audit entries as a person reads them', () => {
  it('reads {from, to} at the top as the status, per field as before and after, anything else as set', () => {
    expect(describeChanges({ from: 'draft', to: 'awaiting_approval', warnings: 2 })).toEqual([
      { field: 'status', before: 'draft', after: 'awaiting_approval' },
      { field: 'warnings', after: '2' },
    ]);
    expect(describeChanges({ assigned_to: { from: null, to: 'p-1' }, title: { from: 'Old', to: 'New' } })).toEqual([
      { field: 'assigned_to', before: '—', after: 'p-1' },
      { field: 'title', before: 'Old', after: 'New' },
    ]);
    expect(describeChanges({ confirmed: { list: 'ofac', entry_ref: '12' }, alert_ids: ['a', 'b'], note: '' })).toEqual([
      { field: 'confirmed', after: '{"list":"ofac","entry_ref":"12"}' },
      { field: 'alert_ids', after: '["a","b"]' },
      { field: 'note', after: '""' },
    ]);
    expect(describeChanges({})).toEqual([]);
    expect(describeChanges(null)).toEqual([]);
    expect(describeChanges('text')).toEqual([{ field: 'value', after: 'text' }]);
  });
});

describe('audit CSV', () => {
  it('quotes what RFC 4180 needs and keeps formulas from running', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1,2')).toBe(`"'-1,2"`);
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(null)).toBe('');
  });

  it('writes one line per entry in the column order', () => {
    const line = auditCsvLine({
      orgId: 'o',
      id: 'i',
      at: new Date('2026-11-25T10:00:00.000Z'),
      actor: 'p-1',
      actorKind: 'person',
      action: 'case.closed',
      targetType: 'case',
      targetId: 'c-1',
      changes: { status: { from: 'open', to: 'closed' } },
      requestId: null,
    });
    expect(line).toBe('2026-11-25T10:00:00.000Z,p-1,person,case.closed,case,c-1,,"{""status"":{""from"":""open"",""to"":""closed""}}"\r\n');
  });
});

describe('audit filters from the address', () => {
  it('reads actor, action, target and UTC days, and names what it ignores', () => {
    const { filter, params, problems } = auditFilterFromParams({ actor: ' k-1 ', action: 'alert.closed', target: 't', from: '2026-11-01', to: '2026-11-02' });
    expect(problems).toEqual([]);
    expect(params).toEqual({ actor: 'k-1', action: 'alert.closed', target: 't', from: '2026-11-01', to: '2026-11-02' });
    expect(filter).toEqual({ actor: 'k-1', action: 'alert.closed', target_id: 't', since: new Date('2026-11-01T00:00:00.000Z'), until: new Date('2026-11-02T23:59:59.999Z') });
    const bad = auditFilterFromParams({ from: '2026-02-30', to: '1969-12-31', actor: 'x'.repeat(201), action: ['a', 'b'] });
    expect(bad.filter).toEqual({});
    expect(bad.problems).toEqual(['actor must be at most 200 characters of text', 'from must be a date from 1970 on, such as 2026-11-25', 'to must be a date from 1970 on, such as 2026-11-25']);
    expect(auditFilterFromParams({ from: '2026-11-03', to: '2026-11-02' }).problems).toEqual(['from is after to: no entry can match']);
  });

  it('writes the filters back in a fixed order', () => {
    expect(auditQueryString({ to: '2026-11-02', actor: 'k 1' }, { cursor: 'abc' })).toBe('actor=k+1&to=2026-11-02&cursor=abc');
  });
});
