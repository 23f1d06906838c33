import type { ReactNode } from 'react';

/** A message above a list or form: something the person should know before reading on (role="alert"). */
export function Notice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div role="alert" className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid={testId}>
      {children}
    </div>
  );
}
