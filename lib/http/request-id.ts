import { randomUUID } from 'node:crypto';

/** A caller's own request id is kept when it is short and plain; anything else gets a fresh one. */
export const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

export function requestIdFrom(sent: string | null | undefined): string {
  return sent && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
}
