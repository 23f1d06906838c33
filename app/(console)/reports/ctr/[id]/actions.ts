'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { NotFoundError } from '@/lib/errors';
import { formStateOf, type FormState } from '@/lib/forms/form-state';
import { formAction } from '@/lib/http/server-action';
import { buildCtrBatch } from '@/lib/reports/ctr/build-batch';
import { CTR_NOT_FOUND, CTR_ROW_NOT_FOUND, INCLUDED_MESSAGE } from '@/lib/reports/ctr/schemas';
import { submitCtr, type SubmitCtrOutcome } from '@/lib/reports/ctr/submit-ctr';
import { updateCtrRow } from '@/lib/reports/ctr/update-row';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What "Submit" answers: FormState, and how the filing went. */
export type CtrSubmitState = FormState & { outcome?: SubmitCtrOutcome };

/** An id a form names; anything but a UUID is no record of anyone's (404, as /v1 answers). */
function idOf(form: FormData, name: string, notFound: string): string {
  const id = String(form.get(name) ?? '');
  if (!UUID.test(id)) throw new NotFoundError(notFound);
  return id;
}

/** The batch page, the report list, the approvals (and the navigation's count on every screen) show batches. */
function refresh(id: string): void {
  revalidatePath(`/reports/ctr/${id}`);
  revalidatePath('/', 'layout');
}

/** "Build" on /reports: the batch of a UTC day that is over (POST /v1/reports/ctr), built once; then its page. */
export const buildCtrAction = formAction('buildCtrAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const date = String(form.get('date') ?? '').trim();
  let id: string;
  try {
    ({
      batch: { id },
    } = await buildCtrBatch(getDb(), actor, { date }));
  } catch (err) {
    return formStateOf(err, { date });
  }
  refresh(id);
  redirect(`/reports/ctr/${id}`);
});

/**
 * A row's customer ID typed inline (PATCH /v1/reports/ctr/{id}/rows/{row_id} {customer_id}): written to the entity's
 * customer_id attribute and to every row of that entity on the batch; the person joins the batch's editors.
 */
export const saveCustomerIdAction = formAction('saveCustomerIdAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const id = idOf(form, 'ctr_id', CTR_NOT_FOUND);
  const rowId = idOf(form, 'row_id', CTR_ROW_NOT_FOUND);
  const customerId = String(form.get('customer_id') ?? '');
  try {
    await updateCtrRow(getDb(), actor, id, rowId, { customer_id: customerId });
  } catch (err) {
    return formStateOf(err, { customer_id: customerId });
  }
  refresh(id);
  return { ok: true };
});

/** "Leave out" / "Include" on a row (PATCH /v1/reports/ctr/{id}/rows/{row_id} {included}). */
export const includeRowAction = formAction('includeRowAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const id = idOf(form, 'ctr_id', CTR_NOT_FOUND);
  const rowId = idOf(form, 'row_id', CTR_ROW_NOT_FOUND);
  const included = form.get('included');
  if (included !== 'true' && included !== 'false') return { fieldErrors: { included: INCLUDED_MESSAGE } };
  await updateCtrRow(getDb(), actor, id, rowId, { included: included === 'true' });
  refresh(id);
  return { ok: true };
});

/** "Submit": a reviewer or admin who neither built nor edited the batch files it (POST /v1/reports/ctr/{id}/submit). */
export const submitCtrAction = formAction('submitCtrAction', async (_prev: CtrSubmitState, form: FormData): Promise<CtrSubmitState> => {
  const { actor } = await requirePerson();
  const id = idOf(form, 'ctr_id', CTR_NOT_FOUND);
  const { outcome } = await submitCtr(getDb(), actor, id);
  refresh(id);
  return { ok: true, outcome };
});
