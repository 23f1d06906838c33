import Link from 'next/link';
import { NewRuleForm } from '@/components/rules/new-rule-form';
import { Badge, EmptyState, LocalTime, PageHeader, rowClass, Table, Td, Th, THead, type Tone } from '@/components/ui';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { actorNames } from '@/lib/console/actor-names';
import { ruleOverview } from '@/lib/rules/rule-overview';
import { openRuleKeyAction } from './actions';

export const dynamic = 'force-dynamic';

const linkClass = 'font-mono font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600';
const TONE: Record<'active' | 'draft' | 'retired', Tone> = { active: 'success', draft: 'info', retired: 'neutral' };

export default async function RulesPage() {
  const person = await requirePerson();
  const db = getDb();
  const rules = await ruleOverview(db, person.actor);
  const names = await actorNames(db, person.actor, rules.map((r) => r.latest.createdBy));
  const waiting = rules.reduce((sum, r) => sum + r.drafts.length, 0);
  return (
    <div className="max-w-6xl">
      <PageHeader
        title="Rules"
        description="The organisation's scoring rules by key: the version that runs, drafts waiting for someone other than their author to activate them, and retired keys. While no rule of its own is active, the organisation is scored by the built-in pack."
        actions={<NewRuleForm action={openRuleKeyAction} />}
      >
        <p className="mt-2 text-sm text-slate-700" data-testid="rule-counts">
          {rules.length} {rules.length === 1 ? 'rule' : 'rules'} · {rules.filter((r) => r.active).length} active · {waiting} {waiting === 1 ? 'draft' : 'drafts'} waiting for activation
        </p>
      </PageHeader>
      {rules.length === 0 ? (
        <EmptyState title="No rule of the organisation's own yet.">Events are scored by the built-in pack. Name a new rule to write its first version.</EmptyState>
      ) : (
        <Table caption="Rules by key with their active version and drafts" testId="rules-table">
          <THead>
            <tr>
              <Th>Key</Th>
              <Th>Status</Th>
              <Th>Active version</Th>
              <Th>Drafts</Th>
              <Th>Latest version</Th>
            </tr>
          </THead>
          <tbody>
            {rules.map((r) => (
              <tr key={r.key} className={rowClass} data-testid="rule-row" data-key={r.key}>
                <Td>
                  <Link href={`/rules/${r.key}`} prefetch={false} className={linkClass}>
                    {r.key}
                  </Link>
                </Td>
                <Td>
                  <Badge tone={TONE[r.status]}>{r.status}</Badge>
                </Td>
                <Td className="max-w-md">
                  {r.active ? (
                    <div className="space-y-0.5">
                      <div>
                        v{r.active.version} · weight {r.active.weight} · {r.active.subject}
                      </div>
                      <code className="block truncate text-xs text-slate-700" title={r.active.expr}>
                        {r.active.expr}
                      </code>
                    </div>
                  ) : (
                    <span className="text-slate-600">none</span>
                  )}
                </Td>
                <Td>{r.drafts.length === 0 ? <span className="text-slate-600">none</span> : r.drafts.map((d) => `v${d.version}`).join(', ')}</Td>
                <Td className="whitespace-nowrap">
                  v{r.latest.version} by {names.get(r.latest.createdBy) ?? r.latest.createdBy}
                  <div className="text-xs text-slate-600">
                    <LocalTime iso={r.latest.createdAt.toISOString()} />
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
