import { notFound } from 'next/navigation';
import { NotFoundError } from '@/lib/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A record page's record: an id that is not a UUID, an unknown record and another organisation's all
 * show the console's not-found page, as /v1 answers 404 for each.
 */
export async function recordOrNotFound<T>(id: string, load: (id: string) => Promise<T>): Promise<T> {
  if (!UUID.test(id)) notFound();
  try {
    return await load(id);
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
}
