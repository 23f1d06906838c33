import type { z } from 'zod';
import type { resolutionInput, screeningInput } from './schemas';

const text = (form: FormData, name: string): string | undefined => {
  const v = form.get(name);
  return typeof v === 'string' ? v : undefined;
};

/** An empty box is a field not sent. */
const optionalText = (form: FormData, name: string): string | undefined => {
  const v = text(form, name)?.trim();
  return v === undefined || v === '' ? undefined : v;
};

/**
 * The "screen a name" form as createScreening's request; the verb parses it with its schema, so a
 * refusal names its field. A birth year of digits becomes a number; anything else is passed on for the
 * schema to refuse with its message.
 */
export function screeningRequestOf(form: FormData): z.input<typeof screeningInput> {
  const birthYear = optionalText(form, 'birth_year');
  return {
    name: text(form, 'name') ?? '',
    kind: optionalText(form, 'kind') as z.input<typeof screeningInput>['kind'],
    birth_year: birthYear === undefined ? undefined : /^\d{1,6}$/.test(birthYear) ? Number(birthYear) : (birthYear as unknown as number),
    country: optionalText(form, 'country'),
    reference: optionalText(form, 'reference'),
  };
}

/** The "record a decision" form of one match as recordResolution's request (parsed by the verb). */
export function resolutionRequestOf(form: FormData): z.input<typeof resolutionInput> {
  return {
    outcome: text(form, 'outcome') as z.input<typeof resolutionInput>['outcome'],
    note: text(form, 'note') ?? '',
    list: text(form, 'list') ?? '',
    entry_ref: text(form, 'entry_ref') ?? '',
  };
}
