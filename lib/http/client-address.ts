import { isIP } from 'node:net';

/**
 * The header in which the service's own HTTP server (scripts/start.ts) passes the client address on to
 * the application. The server always overwrites it, so a value a client sends never arrives.
 */
export const CLIENT_ADDRESS_HEADER = 'x-aml-client-address';

/** `::ffff:192.0.2.1` (IPv4 on a dual-stack socket) is the same client as `192.0.2.1`. */
function normalise(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? (mapped[1] as string) : trimmed;
}

/**
 * The address of the client of one request. With `trustedProxies` 0 it is the socket's peer and
 * `X-Forwarded-For` is ignored (a client can write anything there). With N proxies in front of the
 * service, each appending the address it received from, the Nth entry from the right was written by
 * the outermost trusted proxy; entries further left are the client's own say and are never used. A
 * header too short or holding something other than an address there falls back to the socket's peer.
 */
export function clientAddressOf(input: {
  remoteAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  trustedProxies: number;
}): string {
  const socket = input.remoteAddress ? normalise(input.remoteAddress) : 'unknown';
  if (input.trustedProxies <= 0 || input.forwardedFor === undefined) return socket;
  const hops = (Array.isArray(input.forwardedFor) ? input.forwardedFor.join(',') : input.forwardedFor).split(',');
  const entry = hops[hops.length - input.trustedProxies];
  if (entry === undefined) return socket;
  const address = normalise(entry);
  return isIP(address) ? address : socket;
}

/**
 * The client address the service's HTTP server stamped on the request (scripts/start.ts, from the socket
 * and SERVICE_TRUSTED_PROXIES). `X-Forwarded-For` is never read here: a client can set it to anything.
 * Without the stamp (the application served by something other than the start script) every caller
 * shares one count, which errs on the side of limiting.
 */
export function clientAddress(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER)?.trim() || 'unknown';
}
