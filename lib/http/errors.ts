/**
 * The one error hierarchy of the service. Domain code throws these with the interface's exact messages;
 * `lib/http/respond.ts` is the one place that turns them into responses.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra fields of the JSON error body (for example `checks` on a 422). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends ServiceError {
  constructor(message: string) {
    super(400, message);
  }
}

/** A 400 answered in plain text: a body that is not JSON, or a path id that is not a UUID. */
export class PlainBadRequestError extends ServiceError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends ServiceError {
  constructor(message = 'missing or invalid API key') {
    super(401, message);
  }
}

export class ForbiddenError extends ServiceError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends ServiceError {
  constructor(message: string) {
    super(404, message);
  }
}

export class ConflictError extends ServiceError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLargeError extends ServiceError {
  constructor(limitBytes: number) {
    super(413, `request body is larger than ${limitBytes} bytes`);
  }
}

export class UnprocessableError extends ServiceError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(422, message, extra);
  }
}

export class TooManyRequestsError extends ServiceError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'too many requests for this API key; retry later',
  ) {
    super(429, message);
  }
}

export class ServiceUnavailableError extends ServiceError {
  constructor(message: string) {
    super(503, message);
  }
}
