import { ServiceError } from '@/lib/errors';
import { statusOf } from '@/lib/http/errors';

/** A verb's refusal as /v1 would answer it: the status code lib/http gives it, its message and field. */
export function refusal(err: unknown): { status: number; message: string; field?: string; name: string } | unknown {
  if (!(err instanceof ServiceError)) return err;
  const field = (err as { field?: string }).field;
  return { status: statusOf(err), message: err.message, name: err.name, ...(field ? { field } : {}) };
}
