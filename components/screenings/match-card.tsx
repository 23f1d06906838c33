import type { ReactNode } from 'react';
import { Badge, type Tone } from '@/components/ui';
import type { Match } from '@/lib/screening/matcher';
import type { ScreeningSubject } from '@/lib/screening/serialize';
import { reasonLabels } from './reasons';

const CATEGORY_TONE: Record<string, Tone> = { sanctions: 'danger', pep: 'warning', adverse_media: 'info' };

const dash = (v: ReactNode) => (v === undefined || v === null || v === '' ? <span className="text-slate-500">—</span> : v);

/**
 * One candidate (a match or a near miss): the subject as screened beside the list entry, field by
 * field, then the matcher's reasons as labels (the words compared on hover and for screen readers),
 * then whatever the page puts below (the decisions and their controls).
 */
export function MatchCard({ match, subject, near, children }: { match: Match; subject: ScreeningSubject; near: boolean; children?: ReactNode }) {
  const labels = reasonLabels(match);
  const headingId = `match-${match.list}-${match.entry_ref}`.replace(/[^A-Za-z0-9_-]/g, '-');
  return (
    <article
      aria-labelledby={headingId}
      className="rounded border border-slate-200 bg-white p-4"
      data-testid={near ? 'near-card' : 'match-card'}
      data-entry={match.entry_ref}
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {match.entry_name}
        </h3>
        <Badge tone={match.score >= 90 ? 'danger' : 'warning'}>score {match.score}</Badge>
        <Badge tone={CATEGORY_TONE[match.category] ?? 'neutral'}>{match.category.replace(/_/g, ' ')}</Badge>
        <span className="text-xs text-slate-600">
          {match.list} · {match.entry_ref}
          {match.program ? ` · ${match.program}` : ''}
        </span>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">The screened subject beside list entry {match.entry_name}</caption>
          <thead className="text-slate-700">
            <tr className="border-b border-slate-200">
              <th scope="col" className="w-24 py-1 pr-2 font-medium">
                <span className="sr-only">Field</span>
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Screened
              </th>
              <th scope="col" className="py-1 font-medium">
                On the list
              </th>
            </tr>
          </thead>
          <tbody className="align-top">
            <tr>
              <th scope="row" className="py-1 pr-2 font-normal text-slate-600">
                Name
              </th>
              <td className="py-1 pr-2 break-words">{subject.name}</td>
              <td className="py-1 break-words">
                {match.matched_name}
                {match.matched_name !== match.entry_name ? <div className="text-xs text-slate-600">alias of {match.entry_name}</div> : null}
              </td>
            </tr>
            <tr>
              <th scope="row" className="py-1 pr-2 font-normal text-slate-600">
                Kind
              </th>
              <td className="py-1 pr-2">{dash(subject.kind)}</td>
              <td className="py-1">{match.kind}</td>
            </tr>
            <tr>
              <th scope="row" className="py-1 pr-2 font-normal text-slate-600">
                Birth year
              </th>
              <td className="py-1 pr-2">{dash(subject.birth_year)}</td>
              <td className="py-1">{dash(match.birth_year)}</td>
            </tr>
            <tr>
              <th scope="row" className="py-1 pr-2 font-normal text-slate-600">
                Country
              </th>
              <td className="py-1 pr-2">{dash(subject.country)}</td>
              <td className="py-1">{dash(match.countries.join(', '))}</td>
            </tr>
          </tbody>
        </table>
        <div>
          <h4 className="mb-1 text-sm font-medium text-slate-700">Why it matched</h4>
          <ul className="space-y-1 text-sm" aria-label={`Reasons for ${match.entry_name}`}>
            {labels.map((l, i) => (
              <li key={i} className="flex flex-wrap items-baseline gap-2">
                <Badge tone={l.tone} title={l.detail}>
                  {l.label}
                </Badge>
                <span className="text-xs break-words text-slate-600">{l.detail}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      {children ? <div className="mt-4 border-t border-slate-200 pt-3">{children}</div> : null}
    </article>
  );
}
