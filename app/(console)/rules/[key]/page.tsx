import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ActivateRuleForm } from '@/components/rules/activate-form';
import { BacktestPanel } from '@/components/rules/backtest-panel';
import { RuleEditor } from '@/components/rules/rule-editor';
import { TextDiff } from '@/components/rules/version-diff';
import { Badge, Facts, LocalTime, PageHeader, Section, type Tone } from '@/components/ui';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { actorNames } from '@/lib/console/actor-names';
import { activationRefusal } from '@/lib/rules/activation-refusal';
import { latestBacktests } from '@/lib/rules/backtest-runs';
import { changesAnything, lineDiff } from '@/lib/rules/line-diff';
import { listRules } from '@/lib/rules/list-rules';
import { KEY_PATTERN } from '@/lib/rules/schemas';
import type { RuleVersionRow } from '@/lib/rules/serialize';
import { COUNTER_MEANINGS, COUNTER_NAMES, RULE_VARIABLES } from '@/lib/scoring/engine';
import { activateRuleAction, backtestRuleAction, checkExpressionAction, saveRuleDraftAction } from '../actions';

export const dynamic = 'force-dynamic';

const TONE: Record<RuleVersionRow['status'], Tone> = { active: 'success', draft: 'info', retired: 'neutral' };

/** The engine's variables and counters, beside the editor. */
function Reference() {
  return (
    <div className="space-y-4 text-xs" data-testid="rule-reference">
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-900">Event fields</h3>
        <dl className="space-y-1">
          {RULE_VARIABLES.map((v) => (
            <div key={v.name}>
              <dt className="font-mono text-slate-900">
                {v.name} <span className="text-slate-600">{v.celType}</span>
              </dt>
              <dd className="text-slate-600">{v.meaning}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-900">Counters (last 24 hours)</h3>
        <p className="mb-1 text-slate-600">
          Read as <code className="font-mono">features.name</code> or <code className="font-mono">dest_features.name</code>; ints, so compare a double with{' '}
          <code className="font-mono">4500.0</code>, not <code className="font-mono">4500</code>.
        </p>
        <dl className="space-y-1">
          {COUNTER_NAMES.map((c) => (
            <div key={c}>
              <dt className="font-mono text-slate-900">{c}</dt>
              <dd className="text-slate-600">{COUNTER_MEANINGS[c]}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

export default async function RulePage({ params }: { params: Promise<{ key: string }> }) {
  const person = await requirePerson();
  const { key } = await params;
  if (!KEY_PATTERN.test(key)) notFound();
  const db = getDb();
  const versions = await listRules(db, person.actor, { key });
  const active = versions.find((v) => v.status === 'active') ?? null;
  const drafts = versions.filter((v) => v.status === 'draft');
  const latest = versions[0];
  const [names, backtests, refusals] = await Promise.all([
    actorNames(db, person.actor, versions.flatMap((v) => [v.createdBy, v.approvedBy])),
    latestBacktests(db, person.actor, drafts.map((d) => d.id)),
    Promise.all(drafts.map((d) => activationRefusal(db, person.actor, d))),
  ]);
  const who = (id: string | null) => (id === null ? '—' : `${names.get(id) ?? id}${id === person.id ? ' (you)' : ''}`);
  const status = active ? 'active' : drafts.length > 0 ? 'draft' : latest ? 'retired' : null;
  const next = (latest?.version ?? 0) + 1;

  return (
    <div className="max-w-6xl space-y-6">
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <span className="font-mono" data-testid="rule-title">
              {key}
            </span>
            {status ? <Badge tone={TONE[status]}>{status}</Badge> : <Badge>new rule</Badge>}
          </span>
        }
        description={
          latest
            ? `${versions.length} ${versions.length === 1 ? 'version' : 'versions'}; ${active ? `version ${active.version} runs` : 'no version runs'}. A new version is a draft until someone other than its author activates it.`
            : 'A new rule: write its first version. It is saved as a draft and runs once someone other than you activates it.'
        }
      >
        <p className="mt-2 text-sm">
          <Link href="/rules" className="text-sky-800 underline-offset-2 hover:underline">
            All rules
          </Link>
        </p>
      </PageHeader>

      {drafts.map((d, i) => (
        <Section key={d.id} title={`Draft version ${d.version}`} testId="rule-draft">
          <div className="space-y-4" data-version={d.version}>
            <Facts
              rows={[
                ['Written by', who(d.createdBy)],
                ['Written', <LocalTime key="t" iso={d.createdAt.toISOString()} />],
                ['Weight', String(d.weight)],
                ['Subject', d.subject],
                ['Detail', d.detail],
              ]}
            />
            {active ? (
              <TextDiff label={`Expression against active version ${active.version}`} before={active.expr} after={d.expr} testId="draft-diff" />
            ) : (
              <pre className="overflow-x-auto rounded border border-slate-200 bg-white px-2 py-1 font-mono text-xs whitespace-pre-wrap">{d.expr}</pre>
            )}
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Backtest</h3>
              <BacktestPanel ruleId={d.id} version={d.version} latest={backtests.get(d.id) ? { ...backtests.get(d.id)!, ranAt: backtests.get(d.id)!.ranAt.toISOString() } : null} action={backtestRuleAction} />
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Activation</h3>
              <ActivateRuleForm ruleId={d.id} label={`Activate version ${d.version}`} refusal={refusals[i] ?? null} action={activateRuleAction} />
            </div>
          </div>
        </Section>
      ))}

      <Section title={latest ? `New version (${next})` : 'First version'} testId="rule-new-version">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <RuleEditor
            ruleKey={key}
            start={{ expr: latest?.expr ?? '', weight: latest ? String(latest.weight) : '', detail: latest?.detail ?? '', subject: latest?.subject ?? 'source' }}
            save={saveRuleDraftAction}
            check={checkExpressionAction}
          />
          <Reference />
        </div>
      </Section>

      {versions.length > 0 ? (
        <Section title="Version history" testId="rule-history">
          <ol className="space-y-4">
            {versions.map((v, i) => {
              const previous = versions[i + 1];
              const exprDiff = previous ? lineDiff(previous.expr, v.expr) : null;
              const detailDiff = previous ? lineDiff(previous.detail, v.detail) : null;
              return (
                <li key={v.id} className="space-y-2 border-b border-slate-200 pb-4 last:border-b-0" data-testid="rule-version" data-version={v.version}>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-semibold">Version {v.version}</span>
                    <Badge tone={TONE[v.status]}>{v.status}</Badge>
                    <span className="text-slate-700">
                      by {who(v.createdBy)}, <LocalTime iso={v.createdAt.toISOString()} />
                      {v.approvedBy ? <> · activated by {who(v.approvedBy)}{v.activatedAt ? <>, <LocalTime iso={v.activatedAt.toISOString()} /></> : null}</> : null}
                    </span>
                    <span className="text-slate-600">
                      · weight {v.weight}
                      {previous && previous.weight !== v.weight ? ` (was ${previous.weight})` : ''} · {v.subject}
                      {previous && previous.subject !== v.subject ? ` (was ${previous.subject})` : ''}
                    </span>
                  </div>
                  {previous ? (
                    <div className="grid gap-2 md:grid-cols-2">
                      {exprDiff && changesAnything(exprDiff) ? (
                        <TextDiff label={`Expression, from version ${previous.version}`} before={previous.expr} after={v.expr} testId="history-expr-diff" />
                      ) : (
                        <p className="text-xs text-slate-600">Expression unchanged from version {previous.version}.</p>
                      )}
                      {detailDiff && changesAnything(detailDiff) ? (
                        <TextDiff label={`Detail, from version ${previous.version}`} before={previous.detail} after={v.detail} testId="history-detail-diff" />
                      ) : (
                        <p className="text-xs text-slate-600">Detail unchanged.</p>
                      )}
                    </div>
                  ) : (
                    <pre className="overflow-x-auto rounded border border-slate-200 bg-white px-2 py-1 font-mono text-xs whitespace-pre-wrap">{v.expr}</pre>
                  )}
                </li>
              );
            })}
          </ol>
        </Section>
      ) : null}
    </div>
  );
}
