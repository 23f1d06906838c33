import { ServiceError } from '@/lib/errors';

/** What a console form's server action answers: messages beside fields, one for the form, and values to refill. */
export interface FormState {
  ok?: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  /** Something to show once (a one-time password, a new key's secret). */
  reveal?: { title: string; value: string; note: string };
}

/**
 * Turns a refusal of a domain function into form state: an error that names its field goes beside that
 * field, any other service error above the form. Anything else is a real failure and is thrown on.
 */
export function formStateOf(err: unknown, values?: Record<string, string>): FormState {
  if (err instanceof ServiceError) {
    const field = (err as { field?: unknown }).field;
    if (typeof field === 'string') return { fieldErrors: { [field]: err.message }, values };
    return { message: err.message, values };
  }
  throw err;
}

/** The text fields of a form, for refilling it (passwords are never sent back). */
export function textValues(form: FormData, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const v = form.get(name);
    if (typeof v === 'string') out[name] = v;
  }
  return out;
}
