import { Badge, type Tone } from '@/components/ui';
import type { SlaState } from '@/lib/console/sla';

const TONE: Record<SlaState['level'], Tone> = { late: 'danger', soon: 'warning', today: 'info', ok: 'neutral', done: 'neutral' };

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The SLA in words and colour ("3 h left", "2 d late"), the exact deadline on hover and for screen readers. */
export function SlaBadge({ sla, dueAt }: { sla: SlaState; dueAt: string }) {
  return (
    <span data-testid="sla" data-level={sla.level}>
      <Badge tone={TONE[sla.level]} title={`Due ${utc(dueAt)}`}>
        {sla.text}
      </Badge>
      <span className="sr-only">, due {utc(dueAt)}</span>
    </span>
  );
}
