import { describe, expect, it } from 'vitest';
import { changesAnything, lineDiff } from '@/lib/rules/line-diff';

const render = (before: string, after: string) => lineDiff(before, after).map((l) => `${{ same: ' ', removed: '-', added: '+' }[l.kind]}${l.text}`);

describe('line diff of rule versions', () => {
  it('keeps identical texts as unchanged lines', () => {
    expect(render('a\nb', 'a\nb')).toEqual([' a', ' b']);
    expect(changesAnything(lineDiff('a\nb', 'a\nb'))).toBe(false);
  });

  it('shows a replaced line as removed then added, between the lines that stayed', () => {
    const before = "type == 'cash_out'\n&& amount >= 9000.0\n&& features.seen_before == 1";
    const after = "type == 'cash_out'\n&& amount >= 8000.0\n&& features.seen_before == 1";
    expect(render(before, after)).toEqual([" type == 'cash_out'", '-&& amount >= 9000.0', '+&& amount >= 8000.0', ' && features.seen_before == 1']);
    expect(changesAnything(lineDiff(before, after))).toBe(true);
  });

  it('finds added and removed lines anywhere, and treats CRLF as a line break', () => {
    expect(render('a\nc', 'a\nb\nc')).toEqual([' a', '+b', ' c']);
    expect(render('a\nb\nc', 'b')).toEqual(['-a', ' b', '-c']);
    expect(render('x\r\ny', 'x\ny\nz')).toEqual([' x', ' y', '+z']);
  });

  it('diffs from and to a single line, and from an empty text', () => {
    expect(render('amount > 1.0', 'amount > 2.0')).toEqual(['-amount > 1.0', '+amount > 2.0']);
    expect(render('', 'a')).toEqual(['-', '+a']);
  });

  it('keeps the longest common run of lines (the fewest changes)', () => {
    const diff = lineDiff('a\nb\nc\nd\ne', 'a\nx\nc\nd\ny\ne');
    expect(diff.filter((l) => l.kind === 'same').map((l) => l.text)).toEqual(['a', 'c', 'd', 'e']);
    expect(diff.filter((l) => l.kind !== 'same')).toHaveLength(3);
  });

  it('stays quick at the longest expression (4,000 one-character lines)', () => {
    const a = Array.from({ length: 2000 }, (_, i) => String(i % 10)).join('\n');
    const b = Array.from({ length: 2000 }, (_, i) => String((i + 3) % 10)).join('\n');
    const started = performance.now();
    const diff = lineDiff(a, b);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(diff.filter((l) => l.kind !== 'added').map((l) => l.text).join('\n')).toBe(a);
    expect(diff.filter((l) => l.kind !== 'removed').map((l) => l.text).join('\n')).toBe(b);
  });
});
