'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { formStateOf, textValues, type FormState } from '@/lib/forms/form-state';
import { checkLicence } from '@/lib/setup/check-licence';
import { completeSetup } from '@/lib/setup/complete-setup';
import { clientAddress, limitSetupAttempts } from '@/lib/setup/limit-setup-attempts';
import { SETUP_FIELD_WORDS, SETUP_FIELDS } from '@/lib/setup/schemas';
import { formAction } from '@/lib/http/server-action';

const ORGANISATION_FIELDS = SETUP_FIELDS.filter((f) => f !== 'admin_password');

/** The wizard's steps count against the same per-address limit as POST /v1/setup and /v1/setup/licence. */
async function countAttempt(): Promise<FormState | null> {
  try {
    limitSetupAttempts(clientAddress(await headers()));
    return null;
  } catch (err) {
    return formStateOf(err);
  }
}

/** Reads the licence file from the upload or the text box: JSON with `payload` and `signature`. */
async function licenceFile(form: FormData): Promise<{ payload: unknown; signature: unknown } | null> {
  const upload = form.get('licence_upload');
  let text = typeof form.get('licence_text') === 'string' ? String(form.get('licence_text')) : '';
  if (upload instanceof File && upload.size > 0) {
    if (upload.size > 64 * 1024) return null;
    text = await upload.text();
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const file = parsed as Record<string, unknown>;
    return { payload: file.payload, signature: file.signature };
  } catch {
    return null;
  }
}

export const checkLicenceAction = formAction('checkLicenceAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const values = textValues(form, ['licence_text']);
  const limited = await countAttempt();
  if (limited) return { ...limited, values };
  const file = await licenceFile(form);
  if (!file) {
    return { fieldErrors: { licence_text: 'this is not a licence file: paste the JSON with "payload" and "signature", or upload the file' }, values };
  }
  try {
    await checkLicence(getDb(), file);
  } catch (err) {
    const state = formStateOf(err, values);
    return state.message ? { fieldErrors: { licence_text: state.message }, values } : state;
  }
  redirect('/setup');
});

export const completeSetupAction = formAction('completeSetupAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const values = textValues(form, ORGANISATION_FIELDS);
  const limited = await countAttempt();
  if (limited) return { ...limited, values };
  if (form.get('admin_password') !== form.get('admin_password_confirm')) {
    return { fieldErrors: { admin_password_confirm: 'the two passwords are not the same' }, values };
  }
  const input = Object.fromEntries(SETUP_FIELDS.map((f) => [f, form.get(f) ?? undefined]));
  try {
    // A refusal names its field (in the wizard's words, not the API's names), and formStateOf shows it beside that field.
    await completeSetup(getDb(), input, { fieldNames: SETUP_FIELD_WORDS });
  } catch (err) {
    return formStateOf(err, values);
  }
  redirect('/sign-in?setup=done');
});
