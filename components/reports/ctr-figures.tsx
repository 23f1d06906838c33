import type { CtrFigures } from '@/lib/reports/ctr/serialize';

/** An amount as the batch screens show it: two decimals, grouped, in a fixed locale (the server renders it). */
export const ctrAmount = (n: number): string => n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A batch's totals: its rows, what is included, what needs a customer ID, what would be filed, amounts by currency. */
export function CtrTotals({ rowsTotal, threshold, figures }: { rowsTotal: number; threshold: number; figures: CtrFigures }) {
  const currencies = Object.entries(figures.totalAmount);
  const cells: [string, string, string][] = [
    ['Rows', String(rowsTotal), 'rows'],
    ['Included', String(figures.rowsIncluded), 'included'],
    ['Needing a customer ID', String(figures.rowsAttention), 'attention'],
    ['To file now', String(figures.rowsToFile), 'to-file'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="ctr-totals">
      {cells.map(([label, value, key]) => (
        <div key={key} className="rounded border border-slate-200 bg-white p-3">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className={`text-lg font-semibold tabular-nums ${key === 'attention' && figures.rowsAttention > 0 ? 'text-amber-800' : 'text-slate-900'}`} data-testid={`ctr-total-${key}`}>
            {value}
          </dd>
        </div>
      ))}
      <div className="rounded border border-slate-200 bg-white p-3">
        <dt className="text-xs text-slate-600">Total included</dt>
        <dd className="text-sm font-semibold tabular-nums text-slate-900" data-testid="ctr-total-amount">
          {currencies.length === 0
            ? '—'
            : currencies.map(([currency, amount]) => (
                <div key={currency}>
                  {ctrAmount(amount)} {currency}
                </div>
              ))}
        </dd>
      </div>
      <div className="rounded border border-slate-200 bg-white p-3">
        <dt className="text-xs text-slate-600">Threshold (per day, per currency)</dt>
        <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid="ctr-threshold">
          {threshold.toLocaleString('en-GB')}
        </dd>
      </div>
    </dl>
  );
}
