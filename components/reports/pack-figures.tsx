import { Table, Td, Th, THead, rowClass } from '@/components/ui';
import type { FigureTable, FigureValue, SectionFigures } from '@/lib/reports/packs/figures/snapshot';
import { figureLabel, figureText } from '@/lib/reports/packs/figure-text';

/** A section's figures as the PDF prints them: single values in one table, then each table by its name. */
export function PackFigures({ figures, testId }: { figures: SectionFigures; testId: string }) {
  const scalars = Object.entries(figures).filter((e): e is [string, FigureValue] => !Array.isArray(e[1]));
  const tables = Object.entries(figures).filter((e): e is [string, FigureTable] => Array.isArray(e[1]));
  if (scalars.length === 0 && tables.length === 0) return <p className="text-sm text-slate-600">No figures of the service for this section; its text and document carry it.</p>;
  return (
    <div className="space-y-4" data-testid={testId}>
      {scalars.length > 0 ? (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          {scalars.map(([k, v]) => (
            <div key={k} className="flex justify-between gap-2 border-b border-slate-100 py-0.5">
              <dt className="text-slate-600">{figureLabel(k)}</dt>
              <dd className="font-semibold tabular-nums text-slate-900" data-testid={`${testId}-${k}`}>
                {figureText(v)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {tables.map(([name, table]) =>
        table.length === 0 ? (
          <p key={name} className="text-sm text-slate-600">
            {figureLabel(name)}: none in the period.
          </p>
        ) : (
          <Table key={name} caption={figureLabel(name)} testId={`${testId}-${name}`} scrollable>
            <THead>
              <tr>
                {Object.keys(table[0] ?? {}).map((c) => (
                  <Th key={c}>{figureLabel(c)}</Th>
                ))}
              </tr>
            </THead>
            <tbody>
              {table.map((r, i) => (
                <tr key={i} className={rowClass}>
                  {Object.values(r).map((v, j) => (
                    <Td key={j} className="tabular-nums">
                      {figureText(v)}
                    </Td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        ),
      )}
    </div>
  );
}
