import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  ServiceError,
  ServiceUnavailableError,
  TooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
  UnprocessableError,
} from '@/lib/errors';

/** A 400 answered in plain text: a body that is not JSON, or a path id that is not a UUID. */
export class PlainBadRequestError extends ServiceError {}

export class PayloadTooLargeError extends ServiceError {
  constructor(limitBytes: number) {
    super(`request body is larger than ${limitBytes} bytes`);
  }
}

/** The status code of each kind of refusal, in the one place that decides it. */
export function statusOf(err: ServiceError): number {
  if (err instanceof InvalidInputError || err instanceof PlainBadRequestError) return 400;
  if (err instanceof UnauthorizedError) return 401;
  if (err instanceof ForbiddenError) return 403;
  if (err instanceof NotFoundError) return 404;
  if (err instanceof ConflictError) return 409;
  if (err instanceof PayloadTooLargeError || err instanceof TooLargeError) return 413;
  if (err instanceof UnprocessableError) return 422;
  if (err instanceof TooManyRequestsError) return 429;
  if (err instanceof ServiceUnavailableError) return 503;
  return 500;
}
