import { buttonClass, Field, SelectField } from '@/components/ui';
import { QUEUE_PAGE_SIZE, type QueueParams } from '@/lib/console/alert-queue-params';

const ANY = { value: '', label: 'Any' };

/**
 * The queue's filters as a plain GET form: applying them is a new address, so the view can be bookmarked,
 * shared and reloaded, and works before any script has run.
 */
/** The number box's id is `field-number` (Field's), which the queue's `/` key focuses. */
export function QueueFilters({ params }: { params: QueueParams }) {
  return (
    <form method="get" action="/alerts" aria-label="Filter alerts" className="mb-4 rounded border border-slate-200 bg-white p-4" data-testid="queue-filters">
      <div className="grid grid-cols-5 gap-x-4 gap-y-3">
        <SelectField
          label="Queue"
          name="queue"
          defaultValue={params.queue}
          options={[
            { value: 'open', label: 'Open (and in review)' },
            { value: 'pending_closure', label: 'Pending closure' },
            { value: 'closed', label: 'Closed' },
            { value: 'all', label: 'All' },
          ]}
        />
        <SelectField
          label="Status (with queue All)"
          name="status"
          defaultValue={params.status ?? ''}
          options={[ANY, { value: 'open', label: 'Open' }, { value: 'in_review', label: 'In review' }, { value: 'pending_closure', label: 'Pending closure' }, { value: 'closed', label: 'Closed' }]}
        />
        <SelectField label="Priority" name="priority" defaultValue={params.priority ?? ''} options={[ANY, { value: 'high', label: 'High' }, { value: 'medium', label: 'Medium' }]} />
        <SelectField label="Decision" name="decision" defaultValue={params.decision ?? ''} options={[ANY, { value: 'block', label: 'Block' }, { value: 'review', label: 'Review' }]} />
        <SelectField label="SLA" name="sla" defaultValue={params.sla ?? ''} options={[ANY, { value: 'late', label: 'Overdue' }, { value: 'soon', label: 'Due within the hour' }]} />
        <SelectField label="Assignee" name="assignee" defaultValue={params.assignee ?? ''} options={[ANY, { value: 'mine', label: 'Mine' }, { value: 'none', label: 'Nobody' }]} />
        <SelectField
          label="Order"
          name="sort"
          defaultValue={params.sort}
          options={[
            { value: 'due', label: 'Due soonest' },
            { value: 'updated', label: 'Recently changed' },
          ]}
        />
        <Field label="Alert number" name="number" defaultValue={params.number ?? ''} hint="ALR-12 or 12 (press /)" />
        {params.limit !== QUEUE_PAGE_SIZE ? <input type="hidden" name="limit" value={params.limit} /> : null}
        <div className="flex items-start gap-2 pt-6">
          <button type="submit" className={buttonClass('primary')} data-testid="apply-filters">
            Apply
          </button>
        </div>
      </div>
    </form>
  );
}
