import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Tone } from '@/components/ui';

const TONE_TEXT: Record<Tone, string> = {
  neutral: 'text-slate-900',
  info: 'text-sky-900',
  success: 'text-emerald-800',
  warning: 'text-amber-900',
  danger: 'text-red-800',
};

/** One figure of the home screen: a big number (or duration) with its words; a link when it leads somewhere. */
export function Figure({ label, value, note, href, tone = 'neutral', testId }: { label: string; value: ReactNode; note?: ReactNode; href?: string; tone?: Tone; testId?: string }) {
  const body = (
    <>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={`mt-1 text-3xl font-semibold tabular-nums ${TONE_TEXT[tone]}`} data-testid={testId}>
        {value}
      </dd>
      {note ? <dd className="mt-1 text-xs text-slate-600">{note}</dd> : null}
    </>
  );
  const box = 'block rounded border border-slate-200 bg-white p-4';
  return href ? (
    <Link href={href} prefetch={false} className={`${box} hover:border-sky-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600`}>
      <dl>{body}</dl>
    </Link>
  ) : (
    <div className={box}>
      <dl>{body}</dl>
    </div>
  );
}

/** Minutes as words: "under a minute", "45 min", "3 h 20 min", "2 d 4 h". */
export function duration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 1) return 'under a minute';
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 === 0 ? `${h} h` : `${h} h ${m % 60} min`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d} d` : `${d} d ${h % 24} h`;
}

/** How late something due at `due` is at `now`, in words ("2 d 3 h late"). */
export const lateBy = (due: Date, now: Date): string => `${duration((now.getTime() - due.getTime()) / 60_000)} late`;
