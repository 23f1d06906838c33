'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { getEntity } from '@/lib/entities/get-entity';
import { ENTITY_KINDS, registerEntity } from '@/lib/entities/register-entity';
import { InvalidInputError } from '@/lib/errors';
import type { FormState } from '@/lib/forms/form-state';
import { formAction } from '@/lib/http/server-action';
import { ATTRIBUTE_FIELD, JSON_FIELD } from '@/components/entities/fields';


/** The attributes a form sends: text as text, values marked as JSON parsed (a field that is not JSON is refused beside it). */
function attributesOf(form: FormData): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const [field, value] of form.entries()) {
    if (!field.startsWith(ATTRIBUTE_FIELD) || typeof value !== 'string') continue;
    const name = field.slice(ATTRIBUTE_FIELD.length);
    if (form.get(`${JSON_FIELD}${name}`) === '1') {
      try {
        attributes[name] = JSON.parse(value);
      } catch {
        throw new InvalidInputError(`${name} must be JSON, as it was stored`, field);
      }
    } else {
      attributes[name] = value;
    }
  }
  const newName = String(form.get('new_name') ?? '').trim();
  const newValue = String(form.get('new_value') ?? '');
  if (newName !== '') attributes[newName] = newValue;
  else if (newValue !== '') throw new InvalidInputError('name the new attribute', 'new_name');
  return attributes;
}

/**
 * Saves an entity's kind and attributes (POST /v1/entities' verb, the signed-in person as actor):
 * attributes are merged over the stored ones, and a placeholder an event created becomes registered.
 * Only an entity of the person's organisation can be saved here; any other id is not found.
 */
export const saveEntityAction = formAction('saveEntityAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const db = getDb();
  const id = String(form.get('entity_id') ?? '');
  await getEntity(db, actor, id);
  const kind = ENTITY_KINDS.find((k) => k === form.get('kind'));
  if (!kind) throw new InvalidInputError('choose a kind', 'kind');
  await registerEntity(db, actor, { id, kind, attributes: attributesOf(form) });
  revalidatePath('/entities');
  revalidatePath(`/entities/${encodeURIComponent(id)}`);
  return { ok: true };
});
