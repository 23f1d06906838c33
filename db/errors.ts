/** True when the error is PostgreSQL's unique violation, optionally on the named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: unknown } | null;
  if (!e) return false;
  if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  // drizzle wraps driver errors; the original is the cause
  return e.cause ? isUniqueViolation(e.cause, constraint) : false;
}
