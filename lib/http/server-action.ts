import { randomUUID } from 'node:crypto';
import { unstable_rethrow } from 'next/navigation';
import { isDatabaseUnavailable } from '@/db/errors';
import { InvalidInputError, ServiceError } from '@/lib/errors';
import { formStateOf, type FormState } from '@/lib/forms/form-state';
import { describeError, log } from '@/lib/log';
import { formFieldWithNul, nulMessage } from './strange-input';
import { DATABASE_UNAVAILABLE_MESSAGE } from './respond';

/** A form field or plain text argument holding a NUL character (which no text column can store), by name. */
function argumentWithNul(args: unknown[]): string | null {
  for (const [i, arg] of args.entries()) {
    if (arg instanceof FormData) {
      const field = formFieldWithNul(arg.entries());
      if (field) return field;
    } else if (typeof arg === 'string' && arg.includes('\u0000')) {
      return `argument ${i + 1}`;
    }
  }
  return null;
}

/** What a person sees when an action failed for a reason of the service's own; the reference is in the log. */
export const actionFailedMessage = (reference: string): string => `something went wrong on our side; try again (reference ${reference})`;

/** Thrown in place of an action's unexpected failure: a message safe to show, no cause, nothing of the original. */
export class ServerActionFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerActionFailure';
  }
}

/**
 * Logs an action's unexpected failure through the service's logger (one line, the failed statement by
 * name, never its values) and returns the message the person sees. Next.js signals redirects,
 * not-found and dynamic rendering by throwing: those pass through untouched.
 */
function reportFailure(action: string, err: unknown): string {
  unstable_rethrow(err);
  if (isDatabaseUnavailable(err)) {
    log('warn', 'server action failed', { action, ...describeError(err) });
    return DATABASE_UNAVAILABLE_MESSAGE;
  }
  const reference = randomUUID();
  log('error', 'server action failed', { action, reference, ...describeError(err) });
  return actionFailedMessage(reference);
}

/**
 * A console form's server action whose unexpected failures are logged by the service's logger and
 * answered as a message above the form, instead of reaching Next.js, which would print the raw error
 * (a failed statement's values among it). A refusal of a domain function (a ServiceError) is shown as
 * `formStateOf` shows it.
 */
export function formAction<A extends unknown[]>(action: string, run: (...args: A) => Promise<FormState>): (...args: A) => Promise<FormState> {
  return async (...args: A) => {
    const withNul = argumentWithNul(args);
    if (withNul) return { fieldErrors: { [withNul]: nulMessage(withNul) } };
    try {
      return await run(...args);
    } catch (err) {
      if (err instanceof ServiceError) return formStateOf(err);
      return { message: reportFailure(action, err) };
    }
  };
}

/**
 * A server action that is not a form's (it answers nothing, or navigates): an unexpected failure is
 * logged by the service's logger and rethrown as a ServerActionFailure that carries nothing of it.
 */
export function serverAction<A extends unknown[], R>(action: string, run: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const withNul = argumentWithNul(args);
    if (withNul) throw new InvalidInputError(nulMessage(withNul));
    try {
      return await run(...args);
    } catch (err) {
      if (err instanceof ServiceError) throw err;
      throw new ServerActionFailure(reportFailure(action, err));
    }
  };
}
