'use server';

import { revalidatePath } from 'next/cache';
import type { z } from 'zod';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { NotFoundError } from '@/lib/errors';
import { formStateOf, type FormState } from '@/lib/forms/form-state';
import { formAction } from '@/lib/http/server-action';
import { fileStr } from '@/lib/reports/str/file-str';
import { fillStrSubjectFromKyc } from '@/lib/reports/str/fill-subject-from-kyc';
import { readStr } from '@/lib/reports/str/get-str';
import { removeStrAttachment } from '@/lib/reports/str/remove-attachment';
import { reopenStr } from '@/lib/reports/str/reopen-str';
import { STR_NOT_FOUND, SUBJECT_FIELDS, type strUpdateInput } from '@/lib/reports/str/schemas';
import { sendStrForReview } from '@/lib/reports/str/send-for-review';
import type { StrRow } from '@/lib/reports/str/serialize';
import { updateStr } from '@/lib/reports/str/update-str';
// Named apart from React's hooks, which the name `use…` would suggest to the linter.
import { useStrSourceDate as restoreSourceDate } from '@/lib/reports/str/use-source-date';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the STR's step buttons answer: FormState, and for "File" how the filing went. */
export type StrStepState = FormState & { outcome?: 'filed' | 'rejected' | 'queued' };

/** The STR a form names; anything but a UUID is no STR of anyone's (404, as /v1 answers). */
function strIdOf(form: FormData): string {
  const id = String(form.get('str_id') ?? '');
  if (!UUID.test(id)) throw new NotFoundError(STR_NOT_FOUND);
  return id;
}

/** The editor, the report list, the approvals (and the navigation's count on every screen) show STRs. */
function refresh(id: string): void {
  revalidatePath(`/reports/str/${id}`);
  revalidatePath('/', 'layout');
}

const text = (form: FormData, name: string): string | null => {
  const v = form.get(name);
  return typeof v === 'string' ? v : null;
};
/** A text box's value as the STR keeps it: blank is "not given" (null). */
const orNull = (v: string | null): string | null => (v === null || v.trim() === '' ? null : v.trim());

/**
 * The edits a posted editor form makes to the stored STR: only the fields whose value differs, so the
 * audit entry names what was changed. Fields the form does not carry (a read-only part) are left alone.
 */
function editsOf(form: FormData, before: StrRow): z.input<typeof strUpdateInput> {
  const edit: z.input<typeof strUpdateInput> = {};
  const subjectBefore = before.subject as unknown as Record<string, unknown>;
  const subject: Record<string, string | null | Record<string, string | null>> = {};
  for (const field of SUBJECT_FIELDS[before.subject.kind]) {
    const posted = text(form, `subject.${field}`);
    if (posted === null) continue;
    const value = orNull(posted);
    if (value !== ((subjectBefore[field] as string | null | undefined) ?? null)) subject[field] = value;
  }
  const address: Record<string, string | null> = {};
  for (const part of ['street', 'city', 'country'] as const) {
    const posted = text(form, `subject.address.${part}`);
    if (posted === null) continue;
    const value = orNull(posted);
    if (value !== (before.subject.address?.[part] ?? null)) address[part] = value;
  }
  if (Object.keys(address).length > 0) subject.address = address;
  if (Object.keys(subject).length > 0) edit.subject = subject;

  const transactions: { index: number; date?: string; amount_local?: number | null; description?: string | null }[] = [];
  for (const t of before.transactions) {
    const change: (typeof transactions)[number] = { index: t.index };
    const date = text(form, `tx.${t.index}.date`);
    if (date !== null && date.trim() !== t.date) change.date = date.trim();
    const local = text(form, `tx.${t.index}.amount_local`);
    if (local !== null) {
      const value = local.trim() === '' ? null : Number(local.replace(/[\s,]/g, ''));
      // A value that is no number goes to the verb as typed, which refuses it with the transactions message.
      if (value !== (t.amount_local ?? null)) change.amount_local = value !== null && Number.isNaN(value) ? (local as unknown as number) : value;
    }
    const description = text(form, `tx.${t.index}.description`);
    if (description !== null && orNull(description) !== (t.description ?? null)) change.description = orNull(description);
    if (Object.keys(change).length > 1) transactions.push(change);
  }
  if (transactions.length > 0) edit.transactions = transactions;

  for (const field of ['reason', 'action'] as const) {
    const posted = text(form, field);
    if (posted !== null && orNull(posted) !== (before[field] ?? null)) edit[field] = orNull(posted);
  }
  if (form.get('indicators_shown') !== null) {
    const typed = text(form, 'indicators_typed');
    const picked = typed !== null ? typed.split(/[\s,]+/).filter((c) => c !== '') : form.getAll('indicators').map(String);
    const unique = [...new Set(picked)];
    if (unique.length !== before.indicators.length || unique.some((c, i) => c !== before.indicators[i])) edit.indicators = unique;
  }
  return edit;
}

/** The names and values of the editor's text boxes, to refill them when the save is refused. */
function postedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string' && name !== 'indicators') values[name] = value;
  }
  values.indicators = form.getAll('indicators').map(String).join('\n');
  return values;
}

/** "Save draft" in the STR editor: the changed fields go to updateStr (PATCH /v1/reports/str/{id}) as the signed-in person. */
export const saveStrAction = formAction('saveStrAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const id = strIdOf(form);
  const values = postedValues(form);
  try {
    const before = await readStr(getDb(), actor, id);
    const edit = editsOf(form, before);
    if (Object.keys(edit).length === 0) return { ok: true };
    await updateStr(getDb(), actor, id, edit);
  } catch (err) {
    return formStateOf(err, values);
  }
  refresh(id);
  return { ok: true };
});

/** "Fill from customer record": the subject's missing fields from the case subject's record (POST .../subject/from-kyc). */
export const fillFromKycAction = formAction('fillFromKycAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const id = strIdOf(form);
  await fillStrSubjectFromKyc(getDb(), actor, id);
  refresh(id);
  return { ok: true };
});

/** "Use source date" on a transaction: its date back to the source ledger's (POST .../transactions/{index}/use-source-date). */
export const sourceDateAction = formAction('sourceDateAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const id = strIdOf(form);
  const index = Number(form.get('index'));
  await restoreSourceDate(getDb(), actor, id, Number.isInteger(index) ? index : -1);
  refresh(id);
  return { ok: true };
});

/** "Send for review": draft to awaiting_approval (POST .../review); refused while a check is an error. */
export const sendForReviewAction = formAction('sendForReviewAction', async (_prev: StrStepState, form: FormData): Promise<StrStepState> => {
  const { actor } = await requirePerson();
  const id = strIdOf(form);
  await sendStrForReview(getDb(), actor, id);
  refresh(id);
  return { ok: true };
});

/** "File": a reviewer or admin who did not draft it approves and files the STR (POST .../file); the outcome says how it went. */
export const fileStrAction = formAction('fileStrAction', async (_prev: StrStepState, form: FormData): Promise<StrStepState> => {
  const { actor } = await requirePerson();
  const id = strIdOf(form);
  const { outcome } = await fileStr(getDb(), actor, id);
  refresh(id);
  return { ok: true, outcome };
});

/** "Reopen": a rejected STR back to draft, its last rejection kept (POST .../reopen). */
export const reopenStrAction = formAction('reopenStrAction', async (_prev: StrStepState, form: FormData): Promise<StrStepState> => {
  const { actor } = await requirePerson();
  const id = strIdOf(form);
  await reopenStr(getDb(), actor, id);
  refresh(id);
  return { ok: true };
});

/** "Remove" on an attachment of a draft (DELETE /v1/reports/str/{id}/attachments/{key}). */
export const removeAttachmentAction = formAction('removeAttachmentAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const id = strIdOf(form);
  await removeStrAttachment(getDb(), actor, id, String(form.get('key') ?? ''));
  refresh(id);
  return { ok: true };
});
