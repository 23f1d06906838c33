import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { EmptyState, rowClass, Table, Td, Th, THead } from '@/components/ui';

export interface FlowData {
  entityId: string | null;
  currency: string | null;
  /** ISO times. */
  since: string;
  until: string;
  hours: { hour: string; in: number; out: number }[];
}

const HOUR = 3_600_000;
const WIDTH = 640;
const HEIGHT = 250;
const MARGIN = { top: 12, right: 8, bottom: 40, left: 64 };

const amount = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const hourLabel = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** Every hour of the window, money or not, so the chart shows quiet hours as gaps. */
function buckets(flow: FlowData): { start: number; in: number; out: number }[] {
  const byHour = new Map(flow.hours.map((h) => [Date.parse(h.hour), h]));
  const first = Math.floor(Date.parse(flow.since) / HOUR) * HOUR;
  const last = Math.floor(Date.parse(flow.until) / HOUR) * HOUR;
  const out: { start: number; in: number; out: number }[] = [];
  for (let t = first; t <= last; t += HOUR) {
    const h = byHour.get(t);
    out.push({ start: t, in: h?.in ?? 0, out: h?.out ?? 0 });
  }
  return out;
}

/**
 * The hourly money flow of the alert's subject over the 24 hours up to its latest event, drawn on the
 * server as SVG. Money in is a solid bar, money out a hatched one with a dark outline, and the legend
 * names both, so the two read apart without colour; the same figures follow as a table.
 */
export function FlowChart({ flow }: { flow: FlowData }) {
  const currency = flow.currency ?? '';
  if (flow.entityId === null) {
    return <EmptyState title="No money flow: the event behind this alert named no source." testId="flow-empty" />;
  }
  const data = buckets(flow);
  const max = Math.max(0, ...data.map((d) => Math.max(d.in, d.out)));
  if (max === 0) {
    return <EmptyState title="No money moved in or out in the 24 hours up to the latest event." testId="flow-empty" />;
  }
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<number>({ domain: data.map((d) => d.start), range: [0, innerWidth], paddingInner: 0.25, paddingOuter: 0.1 });
  const side = scaleBand<'in' | 'out'>({ domain: ['in', 'out'], range: [0, x.bandwidth()], paddingInner: 0.1 });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const totals = data.reduce((t, d) => ({ in: t.in + d.in, out: t.out + d.out }), { in: 0, out: 0 });
  const summary = `Money in and out of ${flow.entityId} per hour, ${hourLabel(Date.parse(flow.since))} to ${hourLabel(Date.parse(flow.until))} UTC: ${amount.format(totals.in)} ${currency} in, ${amount.format(totals.out)} ${currency} out.`;

  return (
    <figure className="space-y-2" data-testid="flow-chart">
      <div className="flex flex-wrap items-center gap-4 text-xs text-slate-700" aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <svg width="14" height="14" className="text-sky-700">
            <rect x="0.5" y="0.5" width="13" height="13" fill="currentColor" stroke="currentColor" />
          </svg>
          Money in (solid)
        </span>
        <span className="flex items-center gap-1.5">
          <svg width="14" height="14" className="text-amber-800">
            <pattern id="flow-out-legend" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <line x1="0" y1="0" x2="0" y2="4" stroke="currentColor" strokeWidth="2" />
            </pattern>
            <rect x="0.5" y="0.5" width="13" height="13" fill="url(#flow-out-legend)" stroke="currentColor" />
          </svg>
          Money out (hatched)
        </span>
        <span>{currency ? `Amounts in ${currency}` : null}</span>
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={summary} className="max-w-full text-slate-700">
        <defs>
          <pattern id="flow-out-hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <line x1="0" y1="0" x2="0" y2="5" className="stroke-amber-800" strokeWidth="2.5" />
          </pattern>
        </defs>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {y.ticks(4).map((t) => (
            <line key={t} x1={0} x2={innerWidth} y1={y(t)} y2={y(t)} className="stroke-slate-200" />
          ))}
          {data.map((d) => {
            const left = x(d.start) ?? 0;
            const span = `${hourLabel(d.start)}–${hourLabel(d.start + HOUR)} UTC`;
            return (
              <Group key={d.start} left={left}>
                {d.in > 0 ? (
                  <Bar x={side('in')} y={y(d.in)} width={side.bandwidth()} height={innerHeight - y(d.in)} className="fill-sky-700" data-side="in">
                    <title>{`${span}: ${amount.format(d.in)} ${currency} in`}</title>
                  </Bar>
                ) : null}
                {d.out > 0 ? (
                  <Bar
                    x={side('out')}
                    y={y(d.out)}
                    width={side.bandwidth()}
                    height={innerHeight - y(d.out)}
                    fill="url(#flow-out-hatch)"
                    className="stroke-amber-800"
                    strokeWidth={1}
                    data-side="out"
                  >
                    <title>{`${span}: ${amount.format(d.out)} ${currency} out`}</title>
                  </Bar>
                ) : null}
              </Group>
            );
          })}
          <AxisLeft
            scale={y}
            numTicks={4}
            tickFormat={(v) => compact.format(Number(v))}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ fill: 'currentColor', fontSize: 11, textAnchor: 'end', dx: -4, dy: 3 }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={data.filter((_, i) => i % 3 === 0).map((d) => d.start)}
            tickFormat={(v) => hourLabel(Number(v))}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ fill: 'currentColor', fontSize: 11, textAnchor: 'middle' }}
            label="Hour (UTC)"
            labelProps={{ fill: 'currentColor', fontSize: 11, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
      <figcaption className="text-xs text-slate-600">{summary}</figcaption>
      <details data-testid="flow-table">
        <summary className="cursor-pointer text-sm text-sky-800 underline">Show the figures as a table</summary>
        <div className="mt-2">
          <Table caption="Money in and out per hour (UTC)">
            <THead>
              <tr>
                <Th>Hour (UTC)</Th>
                <Th className="text-right">In {currency}</Th>
                <Th className="text-right">Out {currency}</Th>
              </tr>
            </THead>
            <tbody>
              {data
                .filter((d) => d.in > 0 || d.out > 0)
                .map((d) => (
                  <tr key={d.start} className={rowClass}>
                    <Td>
                      {new Date(d.start).toISOString().slice(0, 10)} {hourLabel(d.start)}–{hourLabel(d.start + HOUR)}
                    </Td>
                    <Td className="text-right tabular-nums">{amount.format(d.in)}</Td>
                    <Td className="text-right tabular-nums">{amount.format(d.out)}</Td>
                  </tr>
                ))}
            </tbody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
