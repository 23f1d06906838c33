import type { ReactNode } from 'react';

/** What a list shows when it has nothing: say so plainly, and what to do next. */
export function EmptyState({ title, children, testId = 'empty-state' }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <div className="rounded border border-dashed border-slate-300 px-6 py-10 text-center" data-testid={testId}>
      <p className="font-medium text-slate-800">{title}</p>
      {children ? <div className="mt-1 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
