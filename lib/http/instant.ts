import { z } from 'zod';

const EARLIEST = Date.UTC(1970, 0, 1);
const AFTER_LATEST = Date.UTC(10_000, 0, 1);

/**
 * An optional date-time query or body field (`since`, `until`): RFC 3339, and between 1970 and the end of
 * 9999, the range every stored date of the service lies in; outside it, a 400 naming the field.
 */
export const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an RFC 3339 date-time` })
    .transform((v, ctx) => {
      const date = new Date(v);
      const time = date.getTime();
      if (time >= EARLIEST && time < AFTER_LATEST) return date;
      ctx.addIssue({ code: 'custom', message: `${name} must be a date-time from 1970 to 9999` });
      return z.NEVER;
    })
    .optional();
