import { readFile } from 'node:fs/promises';
import { configuredFilingSchema } from './checks';

/** An indicator code the filing schema allows, with the schema's own description of it when it has one. */
export interface IndicatorChoice {
  code: string;
  description: string | null;
}

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * The `<xs:documentation>` of each enumeration value of the XSD's `report_indicator_type`, by code: regulators
 * issue their schema with the indicator list annotated, and the editor shows the words beside each code.
 */
export function indicatorDescriptions(xsd: string): Map<string, string> {
  const out = new Map<string, string>();
  const start = /<xs:simpleType\s+name="report_indicator_type"[^>]*>/.exec(xsd);
  if (!start) return out;
  const end = xsd.indexOf('</xs:simpleType>', start.index);
  const body = xsd.slice(start.index, end === -1 ? undefined : end);
  for (const m of body.matchAll(/<xs:enumeration\s+value="([^"]*)"\s*>([\s\S]*?)<\/xs:enumeration>/g)) {
    const doc = /<xs:documentation[^>]*>([\s\S]*?)<\/xs:documentation>/.exec(m[2] as string);
    const text = doc ? decode((doc[1] as string).replace(/\s+/g, ' ').trim()) : '';
    if (text !== '') out.set(decode(m[1] as string), text);
  }
  return out;
}

const described = new Map<string, Promise<Map<string, string>>>();

/**
 * The indicator codes of the configured filing schema (`SERVICE_FILING_SCHEMA`) with their descriptions, in the
 * schema's order; null when no schema is configured (then any code may be typed and none is judged).
 */
export async function indicatorChoices(): Promise<IndicatorChoice[] | null> {
  const schema = await configuredFilingSchema();
  if (schema === null) return null;
  let descriptions = described.get(schema.path);
  if (!descriptions) {
    descriptions = readFile(schema.path, 'utf8').then(indicatorDescriptions, () => new Map<string, string>());
    described.set(schema.path, descriptions);
  }
  const words = await descriptions;
  return schema.indicators.map((code) => ({ code, description: words.get(code) ?? null }));
}
