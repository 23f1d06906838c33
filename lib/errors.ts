/**
 * The one error hierarchy of the service. Domain code throws these with the interface's exact messages;
 * `lib/http/respond.ts` is the one place that turns them into responses and status codes, and a
 * console form shows them through `lib/forms/form-state.ts`.
 */
export class ServiceError extends Error {
  constructor(
    message: string,
    /** Extra fields of the JSON error body (for example `checks` on a refused activation). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input the service refuses. `field` names the input field it is about, so a form can show it beside it. */
export class InvalidInputError extends ServiceError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** No credentials, or credentials the service does not know. */
export class UnauthorizedError extends ServiceError {
  constructor(message = 'missing or invalid API key') {
    super(message);
  }
}

/** Known caller, not allowed: a role, four-eyes, a deactivated account. */
export class ForbiddenError extends ServiceError {}

/** No such record in the caller's organisation (another organisation's record included). */
export class NotFoundError extends ServiceError {}

/** The record is not in a state that allows this (a lost race included), or the value is taken. */
export class ConflictError extends ServiceError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Well-formed, but a check of the domain failed (for example a rule's activation checks). */
export class UnprocessableError extends ServiceError {}

/** Content over a size the domain allows (an uploaded file over 20 MB). */
export class TooLargeError extends ServiceError {}

export class TooManyRequestsError extends ServiceError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'too many requests for this API key; retry later',
  ) {
    super(message);
  }
}

export class ServiceUnavailableError extends ServiceError {}
