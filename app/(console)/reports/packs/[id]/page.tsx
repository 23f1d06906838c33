import { PackFigures } from '@/components/reports/pack-figures';
import { PackGenerateForm, PackSectionForm, PackUploadForm } from '@/components/reports/pack-forms';
import { Badge, buttonClass, ButtonLink, Facts, LocalTime, PageHeader, Section } from '@/components/ui';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { isAllowed } from '@/lib/auth/policy';
import { actorNames } from '@/lib/console/actor-names';
import { recordOrNotFound } from '@/lib/console/record-or-not-found';
import { getPack } from '@/lib/reports/packs/get-pack';
import { PACK_SECTION_KEYS, PACK_SECTION_TITLES, ROLE_CANNOT_GENERATE } from '@/lib/reports/packs/schemas';
import { generatePackAction, savePackSectionAction } from './actions';

export const dynamic = 'force-dynamic';

export default async function PackPage({ params }: { params: Promise<{ id: string }> }) {
  const person = await requirePerson();
  const { id } = await params;
  const db = getDb();
  const view = await recordOrNotFound(id, (recordId) => getPack(db, person.actor, recordId));
  const { pack } = view;
  const names = await actorNames(db, person.actor, [pack.createdBy, pack.generatedBy]);
  const who = (actorId: string | null) => (actorId === null ? '—' : `${names.get(actorId) ?? actorId}${actorId === person.id ? ' (you)' : ''}`);
  const refusal = isAllowed(person.actor, 'approve') ? null : ROLE_CANNOT_GENERATE;
  const generated = pack.status === 'generated' && pack.sha256 !== null;

  return (
    <article className="max-w-7xl">
      <PageHeader
        title={<span data-testid="pack-title">PACK-{pack.number}</span>}
        description="Evidence pack: each section's figures are computed live for the period, as they will print. Write each section's text, attach the document it needs, then a reviewer or admin generates the PDF, whose SHA-256 goes to the audit log."
        actions={
          <>
            {generated ? (
              // A plain link: the PDF is a file of the API, not a console page.
              <a href={`/v1/reports/packs/${pack.id}/download`} className={buttonClass('secondary', 'sm')} data-testid="pack-download">
                Download PDF
              </a>
            ) : null}
            <ButtonLink href="/reports?kind=pack" size="sm">
              All reports
            </ButtonLink>
          </>
        }
      >
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <Badge tone={generated ? 'success' : 'neutral'} testId="pack-status">
            {pack.status}
          </Badge>
          <span>
            Period <strong data-testid="pack-period">{pack.from} to {pack.to}</strong> (UTC)
          </span>
          <span>Purpose: {pack.purpose ?? '—'}</span>
          <span>Started by {who(pack.createdBy)}</span>
        </div>
      </PageHeader>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {PACK_SECTION_KEYS.map((key) => {
            const doc = view.documents[key];
            return (
              <Section key={key} title={PACK_SECTION_TITLES[key]} testId={`pack-section-${key}`}>
                <div className="space-y-4">
                  <PackFigures figures={view.figures[key]} testId={`pack-figures-${key}`} />
                  <PackSectionForm packId={pack.id} sectionKey={key} title={PACK_SECTION_TITLES[key]} text={view.texts[key] ?? ''} action={savePackSectionAction} />
                  {doc ? (
                    <p className="text-sm text-slate-700" data-testid={`pack-document-${key}`}>
                      Document: {doc.name} ({doc.type}, {doc.size.toLocaleString('en-GB')} bytes), SHA-256 <code className="text-xs break-all">{doc.sha256}</code>
                    </p>
                  ) : null}
                  {key === 'documents' ? null : <PackUploadForm packId={pack.id} sectionKey={key} />}
                </div>
              </Section>
            );
          })}
        </div>
        <div className="min-w-0 space-y-6">
          <Section title="PDF" testId="pack-pdf">
            <PackGenerateForm packId={pack.id} refusal={refusal} action={generatePackAction} />
            <div className="mt-4">
              <Facts
                testId="pack-generated"
                rows={[
                  ['Generated', generated ? <LocalTime key="g" iso={pack.generatedAt?.toISOString() ?? null} /> : 'not yet'],
                  ['By', who(pack.generatedBy)],
                  ['Bytes', pack.bytes === null ? '—' : pack.bytes.toLocaleString('en-GB')],
                  ['SHA-256', pack.sha256 ? <code key="h" className="text-xs break-all" data-testid="pack-sha256">{pack.sha256}</code> : '—'],
                ]}
              />
            </div>
            {generated ? (
              // The generated PDF as the browser's viewer shows it, opened at its first page.
              <iframe
                src={`/v1/reports/packs/${pack.id}/download?inline=true#page=1&view=FitH`}
                title={`Preview of PACK-${pack.number}'s PDF`}
                className="mt-4 h-[32rem] w-full rounded border border-slate-200"
                data-testid="pack-preview"
              />
            ) : null}
            <p className="mt-3 text-xs text-slate-600">Editing a section or its document after generation moves the pack back to draft; generate it again for a PDF that matches.</p>
          </Section>
        </div>
      </div>
    </article>
  );
}
