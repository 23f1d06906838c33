import Link from 'next/link';
import { recordOrNotFound } from '@/lib/console/record-or-not-found';
import { DecisionControls } from '@/components/approvals/decision-controls';
import { MatchCard } from '@/components/screenings/match-card';
import { OUTCOME_LABELS, REVIEW_LABELS, STATUS_LABELS } from '@/components/screenings/reasons';
import { ResolutionForm } from '@/components/screenings/resolution-form';
import { Badge, ButtonLink, EmptyState, LocalTime, PageHeader, rowClass, Section, Table, Td, Th, THead, words } from '@/components/ui';
import { getDb } from '@/db/client';
import { actorNames } from '@/lib/console/actor-names';
import { decisionRefusals } from '@/lib/approvals/who-may-decide';
import { requirePerson } from '@/lib/auth/current-person';
import { ownerIdOfRecorded } from '@/lib/auth/owners';
import { getScreening } from '@/lib/screening/get-screening';
import type { Match } from '@/lib/screening/matcher';
import { standingDecisions, targetKey } from '@/lib/screening/review';
import { serializeScreening, type ResolutionRow } from '@/lib/screening/serialize';
import { approveClearanceAction, rejectClearanceAction } from '../../approvals/actions';
import { recordResolutionAction } from '../actions';

export const dynamic = 'force-dynamic';

const RESOLUTION_STATUS: Record<string, string> = { pending_approval: 'waiting for approval', final: 'final', rejected: 'sent back' };

export default async function ScreeningPage({ params }: { params: Promise<{ id: string }> }) {
  const person = await requirePerson();
  const { id } = await params;
  const db = getDb();
  const found = await recordOrNotFound(id, (recordId) => getScreening(db, person.actor, recordId));
  const s = serializeScreening(found.screening, found.resolutions);
  const standing = standingDecisions(found.resolutions);
  const pending = found.resolutions.filter((r) => r.status === 'pending_approval');
  // Four-eyes compares owners: the owner of whoever cleared each waiting match (lib/auth/owners.ts).
  const pendingOwners = new Map<string, string>();
  for (const r of pending) pendingOwners.set(r.id, await ownerIdOfRecorded(db, person.orgId, r.resolvedBy));
  const names = await actorNames(db, person.actor, found.resolutions.flatMap((r) => [r.resolvedBy, r.decidedBy]));
  const status = STATUS_LABELS[s.status] ?? { label: s.status, tone: 'neutral' as const };
  const review = REVIEW_LABELS[s.review] ?? { label: s.review, tone: 'neutral' as const };

  const decisionBlock = (m: Match) => {
    const key = targetKey(m);
    const waiting = pending.find((r) => targetKey({ list: r.list, entry_ref: r.entryRef }) === key);
    const current: ResolutionRow | undefined = standing.get(key);
    if (waiting) {
      const refusals = decisionRefusals(person.actor, { kind: 'screening_clearance', requesterOwnerId: pendingOwners.get(waiting.id) ?? waiting.resolvedBy });
      return (
        <div className="space-y-2" data-testid="pending-decision">
          <p className="text-sm">
            <Badge tone="info">waiting for approval</Badge> Cleared as {OUTCOME_LABELS[waiting.outcome]} by {(names.get(waiting.resolvedBy) ?? waiting.resolvedBy)},{' '}
            <LocalTime iso={waiting.createdAt.toISOString()} />: <q className="break-words">{waiting.note}</q>
          </p>
          <DecisionControls
            fields={{ screening_id: s.id, resolution_id: waiting.id }}
            what={`clearance of ${m.entry_name}`}
            approve={{ action: approveClearanceAction, refusal: refusals.approve }}
            reject={{ action: rejectClearanceAction, refusal: refusals.reject }}
          />
        </div>
      );
    }
    return (
      <div className="space-y-3">
        {current ? (
          <p className="text-sm" data-testid="standing-decision">
            Decided: <strong>{OUTCOME_LABELS[current.outcome]}</strong> by {(names.get(current.resolvedBy) ?? current.resolvedBy)}
            {current.decidedBy ? `, approved by ${(names.get(current.decidedBy) ?? current.decidedBy)}` : ''}. A new decision replaces it.
          </p>
        ) : null}
        {current ? (
          <details className="rounded border border-slate-200 p-3">
            <summary className="cursor-pointer text-sm font-medium text-sky-800 focus-visible:outline-2 focus-visible:outline-sky-600">Record a new decision</summary>
            <div className="mt-3">
              <ResolutionForm action={recordResolutionAction} screeningId={s.id} list={m.list} entryRef={m.entry_ref} entryName={m.entry_name} />
            </div>
          </details>
        ) : (
          <ResolutionForm action={recordResolutionAction} screeningId={s.id} list={m.list} entryRef={m.entry_ref} entryName={m.entry_name} />
        )}
      </div>
    );
  };

  return (
    <div className="max-w-6xl space-y-6">
      <PageHeader
        title={s.subject.name}
        description={
          <>
            Screened <LocalTime iso={s.created_at} /> at threshold {s.threshold}
            {s.reference ? ` for reference ${s.reference}` : ''}. Kept exactly as first answered, even after the lists change.
          </>
        }
        actions={
          <>
            {s.alert_id ? (
              <ButtonLink href={`/alerts/${s.alert_id}`} testId="screening-alert">
                Open its alert
              </ButtonLink>
            ) : null}
            <ButtonLink href="/screenings">All screenings</ButtonLink>
          </>
        }
      >
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={status.tone} testId="screening-status">
            {status.label}
          </Badge>
          <Badge tone={review.tone} testId="screening-review">
            {review.label}
          </Badge>
          <span className="text-slate-700">
            {[s.subject.kind, s.subject.birth_year !== undefined ? `born ${s.subject.birth_year}` : undefined, s.subject.country].filter(Boolean).join(' · ')}
          </span>
        </div>
      </PageHeader>

      <Section title={`Matches (${s.matches.length})`} testId="matches">
        {s.matches.length === 0 ? (
          <EmptyState title="No candidate reached the threshold.">The screening is clear; near misses, if any, are below.</EmptyState>
        ) : (
          <div className="space-y-4">
            {s.matches.map((m) => (
              <MatchCard key={targetKey(m)} match={m} subject={s.subject} near={false}>
                {decisionBlock(m)}
              </MatchCard>
            ))}
          </div>
        )}
      </Section>

      {s.near.length > 0 ? (
        <Section title={`Near misses (${s.near.length})`} testId="near-misses">
          <p className="mb-3 text-sm text-slate-600">
            Scored 50 or more but under the threshold: they never make the screening a match, but confirming one as a true match raises an alert.
          </p>
          <div className="space-y-4">
            {s.near.map((m) => (
              <MatchCard key={targetKey(m)} match={m} subject={s.subject} near>
                {decisionBlock(m)}
              </MatchCard>
            ))}
          </div>
        </Section>
      ) : null}

      <Section title="Decisions" testId="decisions">
        {found.resolutions.length === 0 ? (
          <p className="text-sm text-slate-600">No decision recorded yet.</p>
        ) : (
          <Table caption="Every decision on this screening, oldest first">
            <THead>
              <tr>
                <Th>When</Th>
                <Th>Entry</Th>
                <Th>Outcome</Th>
                <Th>Status</Th>
                <Th>By</Th>
                <Th>Note</Th>
              </tr>
            </THead>
            <tbody>
              {found.resolutions.map((r) => (
                <tr key={r.id} className={rowClass} data-testid="resolution-row">
                  <Td className="whitespace-nowrap">
                    <LocalTime iso={r.createdAt.toISOString()} />
                  </Td>
                  <Td>
                    {r.list} · {r.entryRef}
                  </Td>
                  <Td>{OUTCOME_LABELS[r.outcome] ?? words(r.outcome)}</Td>
                  <Td>
                    {RESOLUTION_STATUS[r.status] ?? r.status}
                    {r.decidedBy ? <div className="text-xs text-slate-600">by {(names.get(r.decidedBy) ?? r.decidedBy)}</div> : null}
                  </Td>
                  <Td>{(names.get(r.resolvedBy) ?? r.resolvedBy)}</Td>
                  <Td className="max-w-xs break-words">{r.note}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Section>

      <Section title="Lists in force when screened" testId="lists">
        <Table caption="Lists and versions this screening was checked against">
          <THead>
            <tr>
              <Th>List</Th>
              <Th>Code</Th>
              <Th>Version</Th>
              <Th className="text-right">Entries</Th>
              <Th>Loaded</Th>
            </tr>
          </THead>
          <tbody>
            {s.lists.map((l) => (
              <tr key={l.code} className={rowClass}>
                <Td>{l.name}</Td>
                <Td>{l.code}</Td>
                <Td>{l.version}</Td>
                <Td className="text-right tabular-nums">{l.entries}</Td>
                <Td className="whitespace-nowrap">
                  <LocalTime iso={l.loaded_at} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>

      <p className="text-sm">
        <Link href="/screenings/new" prefetch={false} className="font-medium text-sky-800 underline-offset-2 hover:underline">
          Screen another name
        </Link>
      </p>
    </div>
  );
}
