// Text the reporting screens derive for display and for requests: a check's message shortened, an upload's key.

/**
 * A check's message as the panel shows it: xmllint's "Schemas validity error :" prefix dropped and an enumeration's
 * whole value set (every country code) named by its size; the message stays whole in the API.
 */
export function shownMessage(message: string): string {
  return message
    .replace(/Schemas validity error : /g, '')
    .replace(/is not an element of the set \{([^}]*)\}/g, (_m, set: string) => `is not one of the ${set.split(',').length} values the schema allows`);
}

/** The key an upload is stored under: the file name in lower case, letters, digits, dots and dashes, at most 64, unique on the report. */
export function attachmentKey(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 60) || 'attachment';
  // A second file of the same name gets a number before its extension (scan.jpg, scan-2.jpg), not a replacement.
  const dot = base.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  let key = base;
  for (let n = 2; taken.includes(key); n += 1) key = `${stem}-${n}${extension}`;
  return key;
}
