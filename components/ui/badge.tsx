import type { ReactNode } from 'react';

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

// Colour is never the only signal: every badge carries its word (WCAG 1.4.1); these pairs pass AA contrast.
const TONES: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  info: 'bg-sky-50 text-sky-900 ring-sky-300',
  success: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  danger: 'bg-red-50 text-red-900 ring-red-300',
};

export function Badge({ tone = 'neutral', children, title, testId }: { tone?: Tone; children: ReactNode; title?: string; testId?: string }) {
  return (
    <span title={title} data-testid={testId} className={`inline-flex items-center whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}>
      {children}
    </span>
  );
}

export const priorityTone = (priority: string): Tone => (priority === 'high' ? 'danger' : priority === 'medium' ? 'warning' : 'neutral');
export const decisionTone = (decision: string | null | undefined): Tone => (decision === 'block' ? 'danger' : decision === 'review' ? 'warning' : 'neutral');
export const statusTone = (status: string): Tone =>
  status === 'closed' || status === 'clear' || status === 'approved' ? 'success' : status === 'pending_closure' || status === 'pending' ? 'info' : status === 'potential_match' ? 'warning' : 'neutral';

/** Interface values (`pending_closure`) as words (`pending closure`). */
export const words = (value: string): string => value.replace(/_/g, ' ');
