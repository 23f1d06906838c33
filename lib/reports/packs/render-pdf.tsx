import { Document, Page, Rect, renderToBuffer, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import type { FigureTable, FigureValue, SectionFigures } from './figures/snapshot';
import { figureLabel, figureText } from './figure-text';
import { PACK_SECTION_KEYS, PACK_SECTION_TITLES } from './schemas';
import type { PackView } from './serialize';

/** What the cover says besides the pack itself. */
export interface PackPrint {
  institution: string;
  generatedAt: Date;
  generatedBy: string;
}

const styles = StyleSheet.create({
  page: { paddingTop: 40, paddingHorizontal: 40, paddingBottom: 56, fontSize: 9, fontFamily: 'Helvetica', color: '#1f2933' },
  coverTitle: { fontSize: 24, fontFamily: 'Helvetica-Bold', marginTop: 120, marginBottom: 12 },
  coverLine: { fontSize: 12, marginBottom: 6 },
  coverMuted: { fontSize: 10, color: '#52606d', marginBottom: 4 },
  h1: { fontSize: 14, fontFamily: 'Helvetica-Bold', marginBottom: 6, marginTop: 4 },
  h2: { fontSize: 10, fontFamily: 'Helvetica-Bold', marginTop: 8, marginBottom: 3 },
  text: { marginBottom: 6, lineHeight: 1.4 },
  muted: { color: '#7b8794', marginBottom: 6 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#cbd2d9', paddingVertical: 2 },
  head: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: '#52606d', paddingVertical: 2, fontFamily: 'Helvetica-Bold' },
  cell: { flex: 1, paddingRight: 4 },
  hash: { fontFamily: 'Courier', fontSize: 8, marginTop: 1 },
  footer: { position: 'absolute', bottom: 20, left: 40, right: 40, fontSize: 7, color: '#7b8794', flexDirection: 'row', justifyContent: 'space-between' },
});

const label = figureLabel;
const show = figureText;

function Table({ rows, columns }: { rows: FigureValue[][]; columns: string[] }) {
  // Wide tables (rule changes) print smaller, so dates and names keep to one line.
  return (
    <View style={{ fontSize: columns.length > 5 ? 7 : 9 }}>
      <View style={styles.head} wrap={false}>
        {columns.map((c) => (
          <Text key={c} style={styles.cell}>
            {label(c)}
          </Text>
        ))}
      </View>
      {rows.map((r, i) => (
        <View key={i} style={styles.row} wrap={false}>
          {r.map((v, j) => (
            <Text key={j} style={styles.cell}>
              {show(v)}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

/** A small horizontal bar chart of a table's first numeric column against its first column. */
function Bars({ table }: { table: FigureTable }) {
  const columns = Object.keys(table[0] ?? {});
  const labelColumn = columns[0];
  const valueColumn = columns.find((c) => c !== labelColumn && table.every((r) => typeof r[c] === 'number' || r[c] === null));
  if (!labelColumn || !valueColumn || table.length > 15) return null;
  const values = table.map((r) => Number(r[valueColumn] ?? 0));
  const max = Math.max(...values);
  if (max <= 0) return null;
  const barHeight = 10;
  const width = 300;
  return (
    <View style={{ flexDirection: 'row', marginTop: 4, marginBottom: 4 }} wrap={false}>
      <View style={{ width: 120 }}>
        {table.map((r, i) => (
          <Text key={i} style={{ height: barHeight + 3, fontSize: 7 }}>
            {show(r[labelColumn] ?? null)}
          </Text>
        ))}
      </View>
      <Svg width={width} height={table.length * (barHeight + 3)}>
        {values.map((v, i) => (
          <Rect key={i} x={0} y={i * (barHeight + 3)} width={Math.max(1, (v / max) * (width - 40))} height={barHeight} fill="#3e7bfa" />
        ))}
      </Svg>
      <View style={{ width: 60 }}>
        {values.map((v, i) => (
          <Text key={i} style={{ height: barHeight + 3, fontSize: 7 }}>
            {show(v)}
          </Text>
        ))}
      </View>
    </View>
  );
}

function Figures({ figures }: { figures: SectionFigures }) {
  const scalars = Object.entries(figures).filter((e): e is [string, FigureValue] => !Array.isArray(e[1]));
  const tables = Object.entries(figures).filter((e): e is [string, FigureTable] => Array.isArray(e[1]));
  return (
    <View>
      {scalars.length > 0 && <Table columns={['figure', 'value']} rows={scalars.map(([k, v]) => [label(k), v])} />}
      {tables.map(([name, table]) => (
        <View key={name}>
          <Text style={styles.h2}>{label(name)}</Text>
          {table.length === 0 ? (
            <Text style={styles.muted}>None in the period.</Text>
          ) : (
            <>
              <Bars table={table} />
              <Table columns={Object.keys(table[0] ?? {})} rows={table.map((r) => Object.values(r))} />
            </>
          )}
        </View>
      ))}
    </View>
  );
}

/**
 * The pack as one PDF: a cover (institution, period, purpose, generation time), each section's text and figures as
 * tables with small bar charts, and the index of the sections' documents with their SHA-256. It prints only what
 * `view` holds: its figures are counts and times, never a report subject's name.
 */
export async function renderPackPdf(view: PackView, print: PackPrint): Promise<Buffer> {
  const { pack } = view;
  const title = `Evidence pack PACK-${pack.number}`;
  const docs = PACK_SECTION_KEYS.flatMap((k) => (view.documents[k] ? [{ section: PACK_SECTION_TITLES[k], ...view.documents[k] }] : []));
  const footer = (
    <View style={styles.footer} fixed>
      <Text>
        {print.institution} · {title} · {pack.from} to {pack.to}
      </Text>
      <Text render={({ pageNumber, totalPages }) => `${pageNumber} / ${totalPages}`} />
    </View>
  );
  const doc = (
    <Document title={title} author={print.institution} subject={pack.purpose ?? 'Evidence pack'} creator="AML monitoring service" producer="AML monitoring service">
      <Page size="A4" style={styles.page}>
        <Text style={styles.coverMuted}>{print.institution}</Text>
        <Text style={styles.coverTitle}>{title}</Text>
        <Text style={styles.coverLine}>Institution: {print.institution}</Text>
        <Text style={styles.coverLine}>
          Period: {pack.from} to {pack.to} (UTC, both days included)
        </Text>
        <Text style={styles.coverLine}>Purpose: {pack.purpose ?? '—'}</Text>
        <Text style={styles.coverLine}>Generated: {print.generatedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC</Text>
        <Text style={styles.coverMuted}>Figures computed from one consistent reading of the service&apos;s records at generation.</Text>
        <Text style={[styles.h2, { marginTop: 28 }]}>Contents</Text>
        {/* No page numbers: a long section (many rule changes) runs over several pages. */}
        {PACK_SECTION_KEYS.map((key, i) => (
          <View key={key} style={styles.row}>
            <Text style={{ width: 20 }}>{i + 1}.</Text>
            <Text style={styles.cell}>{PACK_SECTION_TITLES[key]}</Text>
          </View>
        ))}
        {footer}
      </Page>
      {PACK_SECTION_KEYS.map((key) => (
        <Page key={key} size="A4" style={styles.page}>
          <Text style={styles.h1}>{PACK_SECTION_TITLES[key]}</Text>
          {view.texts[key] ? <Text style={styles.text}>{view.texts[key]}</Text> : <Text style={styles.muted}>No text.</Text>}
          {key === 'documents' ? (
            docs.length === 0 ? (
              <Text style={styles.muted}>No documents.</Text>
            ) : (
              docs.map((d) => (
                <View key={d.section} style={styles.row} wrap={false}>
                  <View style={{ flex: 1 }}>
                    <Text>
                      {d.section}: {d.name} ({d.type}, {show(d.size)} bytes)
                    </Text>
                    <Text style={styles.hash}>SHA-256 {d.sha256}</Text>
                  </View>
                </View>
              ))
            )
          ) : (
            <Figures figures={view.figures[key]} />
          )}
          {key !== 'documents' && view.documents[key] && (
            <Text style={styles.muted}>
              Document: {view.documents[key].name} (SHA-256 {view.documents[key].sha256})
            </Text>
          )}
          {footer}
        </Page>
      ))}
    </Document>
  );
  return renderToBuffer(doc);
}
