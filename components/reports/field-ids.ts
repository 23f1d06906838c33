// The STR editor gives every field an id derived from its check path (`subject.address.city` →
// `str-subject-address-city`, `transactions[2].date` → `str-transactions-2-date`), so a check can jump to it.

export const fieldId = (path: string): string => `str-${path.replace(/[^A-Za-z0-9_]+/g, '-').replace(/^-+|-+$/g, '')}`;

/**
 * Where a check's path leads: the field with that id, else the nearest enclosing one that exists
 * (`transactions[2].from.name` → the row `str-transactions-2`); null when nothing on the page stands for it.
 */
export function targetOf(path: string, known: ReadonlySet<string>): string | null {
  const parts = path.split(/[.[\]]+/).filter((p) => p !== '');
  for (let n = parts.length; n > 0; n -= 1) {
    const id = fieldId(parts.slice(0, n).join('.'));
    if (known.has(id)) return id;
  }
  return null;
}

/** The subject's fields the editor shows for each kind, in order, with their labels and hints. */
export const SUBJECT_FORM_FIELDS = {
  person: [
    ['first_name', 'First name', ''],
    ['last_name', 'Last name', ''],
    ['birth_date', 'Birth date', 'YYYY-MM-DD'],
    ['id_number', 'Identity number', ''],
    ['nationality', 'Nationality', 'country code, e.g. MT'],
    ['residence', 'Country of residence', 'country code, e.g. MT'],
    ['occupation', 'Occupation', ''],
    ['phone', 'Phone', 'country prefix first, e.g. +356 7900 0000'],
    ['customer_id', 'Customer id', ''],
  ],
  business: [
    ['name', 'Name', ''],
    ['registration_number', 'Registration number', ''],
    ['incorporation_country', 'Incorporation country', 'country code, e.g. MT'],
    ['incorporation_date', 'Incorporation date', 'YYYY-MM-DD'],
    ['director_first_name', 'Director’s first name', ''],
    ['director_last_name', 'Director’s last name', ''],
    ['phone', 'Phone', 'country prefix first, e.g. +356 7900 0000'],
    ['customer_id', 'Customer id', ''],
  ],
} as const satisfies Record<'person' | 'business', readonly (readonly [string, string, string])[]>;

export const ADDRESS_FORM_FIELDS = [
  ['street', 'Street', ''],
  ['city', 'City', ''],
  ['country', 'Country', 'country code, e.g. MT'],
] as const;

/** Every id the editor gives a field (or a row or a list standing for one), for targetOf. */
export function editorFieldIds(draft: {
  subject: { kind: 'person' | 'business' };
  transactions: { currency: string }[];
  indicators: string[];
  attachments: unknown[];
}, currencyLocal: string): Set<string> {
  const ids = new Set<string>();
  for (const [field] of SUBJECT_FORM_FIELDS[draft.subject.kind]) ids.add(fieldId(`subject.${field}`));
  for (const [field] of ADDRESS_FORM_FIELDS) ids.add(fieldId(`subject.address.${field}`));
  ids.add(fieldId('subject'));
  ids.add(fieldId('transactions'));
  draft.transactions.forEach((t, i) => {
    for (const part of ['', '.date', '.description']) ids.add(fieldId(`transactions[${i}]${part}`));
    if (t.currency !== currencyLocal) ids.add(fieldId(`transactions[${i}].amount_local`));
  });
  for (const f of ['reason', 'action', 'indicators', 'attachments']) ids.add(fieldId(f));
  draft.indicators.forEach((_, j) => ids.add(fieldId(`indicators[${j}]`)));
  draft.attachments.forEach((_, k) => {
    ids.add(fieldId(`attachments[${k}]`));
    ids.add(fieldId(`attachments[${k}].size`));
  });
  return ids;
}
