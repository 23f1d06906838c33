'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { CASE_NOT_FOUND } from '@/lib/cases/schemas';
import { updateCase } from '@/lib/cases/update-case';
import { InvalidInputError, NotFoundError } from '@/lib/errors';
import { formStateOf, textValues, type FormState } from '@/lib/forms/form-state';
import { formAction } from '@/lib/http/server-action';
import { createStr } from '@/lib/reports/str/create-str';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The case a form names; anything but a UUID is no case of anyone's (404, as /v1 answers). */
function caseIdOf(form: FormData): string {
  const id = String(form.get('case_id') ?? '');
  if (!UUID.test(id)) throw new NotFoundError(CASE_NOT_FOUND);
  return id;
}

function refresh(caseId: string): void {
  revalidatePath('/cases');
  revalidatePath(`/cases/${caseId}`);
}

const CHANGES = ['assign_me', 'unassign', 'close', 'reopen'] as const;
type CaseChange = (typeof CHANGES)[number];

/** Assign to me, unassign, close or reopen the case (PATCH /v1/cases/{id}) as the signed-in person. */
export const changeCaseAction = formAction('changeCaseAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const id = caseIdOf(form);
  const change = CHANGES.find((c) => c === form.get('change')) as CaseChange | undefined;
  if (!change) throw new InvalidInputError('change must be assign_me, unassign, close or reopen', 'change');
  const update = {
    assign_me: { assigned_to: actor.actorId },
    unassign: { assigned_to: null },
    close: { status: 'closed' as const },
    reopen: { status: 'open' as const },
  }[change];
  await updateCase(getDb(), actor, id, update);
  refresh(id);
  return { ok: true };
});

/** A new title for the case; the verb's refusal shows beside the field. */
export const renameCaseAction = formAction('renameCaseAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const values = textValues(form, ['title']);
  const id = caseIdOf(form);
  try {
    await updateCase(getDb(), actor, id, { title: String(form.get('title') ?? '') });
  } catch (err) {
    return formStateOf(err, values);
  }
  refresh(id);
  return { ok: true };
});

/** "Start an STR" on the case page: drafts the case's STR (POST /v1/reports/str), or finds the one it has, and opens it. */
export const startStrAction = formAction('startStrAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const id = caseIdOf(form);
  const { str } = await createStr(getDb(), actor, { case_id: id });
  refresh(id);
  revalidatePath('/reports');
  redirect(`/reports/str/${str.id}`);
});
