import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

/**
 * Native table markup with one look. Screens with sorting, selection or keyboard movement put a
 * @tanstack/react-table model over these same elements; simple lists use them directly.
 */
export function Table({ children, caption, testId, scrollable }: { children: ReactNode; caption?: string; testId?: string; scrollable?: boolean }) {
  // A table wider than its column (`scrollable`) scrolls sideways; its box takes the focus so that the keyboard can
  // scroll it too, and carries the caption as its name.
  const scrolling = scrollable ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {};
  return (
    <div className="overflow-x-auto rounded border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-sky-600" {...scrolling}>
      <table className="min-w-full text-left text-sm" data-testid={testId}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return <thead className="bg-slate-100 text-slate-700">{children}</thead>;
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" {...rest} className={`px-3 py-2 font-medium whitespace-nowrap ${className ?? ''}`} />;
}

export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td {...rest} className={`px-3 py-2 align-top ${className ?? ''}`} />;
}

export const rowClass = 'border-t border-slate-200';
