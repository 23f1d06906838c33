import type { ReactNode } from 'react';
import { Facts, LocalTime, Section, words } from '@/components/ui';

/** What a report's `filing` holds (DESIGN "STR record", `filing`; CTR batches alike), read loosely: the filing side writes it. */
export interface ShownFiling {
  state?: string;
  reference?: string | null;
  fiu_ref?: string | null;
  attempts?: number;
  last_error?: string | null;
  next_attempt_at?: string | null;
  xml_sha256?: string | null;
  sent_at?: string | null;
  acknowledged_at?: string | null;
}

/** A report's `last_rejection`. */
export interface ShownRejection {
  at?: string;
  reason?: string | null;
  errors?: unknown[];
}

/** One reason the filing system gave, with its XML line when it named one. */
export function rejectionErrorText(e: unknown): string {
  if (typeof e === 'string') return e;
  if (e && typeof e === 'object') {
    const o = e as { line?: unknown; message?: unknown };
    if (typeof o.message === 'string') return typeof o.line === 'number' ? `line ${o.line}: ${o.message}` : o.message;
  }
  return JSON.stringify(e);
}

export const orDash = (v: string | number | null | undefined): ReactNode => (v === null || v === undefined || v === '' ? '—' : String(v));

/**
 * The "Filing" section of a report page: the filing's state, references, attempts, last error, next attempt, the
 * SHA-256 of the XML sent, when it was sent and acknowledged, then the report's own people (`people`).
 * `testId` names the section; its facts and state carry `-facts` and `-state`.
 */
export function FilingSection({ filing, people, testId }: { filing: ShownFiling | null; people: [string, ReactNode][]; testId: string }) {
  return (
    <Section title="Filing" testId={testId}>
      <Facts
        testId={`${testId}-facts`}
        rows={[
          ['State', <span key="s" data-testid={`${testId}-state`}>{filing?.state ? words(filing.state) : 'not filed'}</span>],
          ['Reference', orDash(filing?.reference)],
          ['FIU reference', orDash(filing?.fiu_ref)],
          ['Attempts', orDash(filing?.attempts ?? (filing ? 0 : null))],
          ['Last error', orDash(filing?.last_error)],
          ['Next attempt', <LocalTime key="n" iso={filing?.next_attempt_at ?? null} />],
          ['SHA-256', filing?.xml_sha256 ? <code key="h" className="text-xs break-all">{filing.xml_sha256}</code> : '—'],
          ['Sent', <LocalTime key="t" iso={filing?.sent_at ?? null} />],
          ['Acknowledged', <LocalTime key="a" iso={filing?.acknowledged_at ?? null} />],
          ...people,
        ]}
      />
    </Section>
  );
}

/** The "Last rejection" section: when, the first reason, and every reason the filing system gave; nothing without one. */
export function LastRejectionSection({ rejection, testId }: { rejection: ShownRejection | null; testId: string }) {
  if (!rejection) return null;
  return (
    <Section title="Last rejection" testId={testId}>
      <Facts
        rows={[
          ['Rejected', <LocalTime key="r" iso={rejection.at ?? null} />],
          ['Reason', orDash(rejection.reason)],
        ]}
      />
      {Array.isArray(rejection.errors) && rejection.errors.length > 0 ? (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm break-words">
          {rejection.errors.map((e, i) => (
            <li key={i}>{rejectionErrorText(e)}</li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
