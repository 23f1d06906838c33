import { lineDiff, type DiffLine } from '@/lib/rules/line-diff';

const MARK: Record<DiffLine['kind'], string> = { same: ' ', removed: '−', added: '+' };
const LINE: Record<DiffLine['kind'], string> = {
  same: 'text-slate-700',
  removed: 'bg-red-50 text-red-900',
  added: 'bg-emerald-50 text-emerald-900',
};
const SPOKEN: Record<DiffLine['kind'], string> = { same: '', removed: 'removed: ', added: 'added: ' };

/** A line diff of two texts, each changed line marked (−, +) and named for screen readers. */
export function TextDiff({ label, before, after, testId }: { label: string; before: string; after: string; testId?: string }) {
  const diff = lineDiff(before, after);
  return (
    <figure className="space-y-1" data-testid={testId}>
      <figcaption className="text-xs font-medium text-slate-600">{label}</figcaption>
      <pre className="overflow-x-auto rounded border border-slate-200 bg-white py-1 font-mono text-xs leading-5">
        {diff.map((line, i) => (
          <div key={i} className={`px-2 whitespace-pre-wrap break-words ${LINE[line.kind]}`} data-kind={line.kind}>
            <span aria-hidden="true" className="mr-2 select-none">
              {MARK[line.kind]}
            </span>
            <span className="sr-only">{SPOKEN[line.kind]}</span>
            {line.text || ' '}
          </div>
        ))}
      </pre>
    </figure>
  );
}
