import type { ReactNode } from 'react';
import { EmptyState, Section, Table, Th, THead } from '@/components/ui';

/**
 * One kind of work waiting on /approvals below the closures and clearances: a section the page's
 * counts link to (`anchor`), its table of rows, or what to expect when none waits. Test ids derive
 * from `testId`: `-empty` and `-table`.
 */
export function WaitingSection(props: {
  anchor: string;
  title: string;
  testId: string;
  empty: { title: string; body: ReactNode };
  caption: string;
  columns: readonly string[];
  rows: number;
  children: ReactNode;
}) {
  return (
    <div className="mt-8 scroll-mt-4" id={props.anchor}>
      <Section title={props.title} testId={props.testId}>
        {props.rows === 0 ? (
          <EmptyState title={props.empty.title} testId={`${props.testId}-empty`}>
            {props.empty.body}
          </EmptyState>
        ) : (
          <Table caption={props.caption} testId={`${props.testId}-table`}>
            <THead>
              <tr>
                {props.columns.map((c) => (
                  <Th key={c}>{c}</Th>
                ))}
              </tr>
            </THead>
            <tbody>{props.children}</tbody>
          </Table>
        )}
      </Section>
    </div>
  );
}
