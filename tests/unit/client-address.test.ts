import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '@/lib/http/client-address';

describe('clientAddressOf', () => {
  it('with no trusted proxy, is the socket peer whatever X-Forwarded-For says', () => {
    expect(clientAddressOf({ remoteAddress: '203.0.113.7', forwardedFor: '198.51.100.1', trustedProxies: 0 })).toBe('203.0.113.7');
    expect(clientAddressOf({ remoteAddress: '203.0.113.7', forwardedFor: ['198.51.100.1', '198.51.100.2'], trustedProxies: 0 })).toBe('203.0.113.7');
    expect(clientAddressOf({ remoteAddress: '203.0.113.7', forwardedFor: undefined, trustedProxies: 0 })).toBe('203.0.113.7');
  });

  it('reads IPv4 on a dual-stack socket as the IPv4 address, and keeps IPv6 as it is', () => {
    expect(clientAddressOf({ remoteAddress: '::ffff:127.0.0.1', forwardedFor: undefined, trustedProxies: 0 })).toBe('127.0.0.1');
    expect(clientAddressOf({ remoteAddress: '2001:db8::1', forwardedFor: undefined, trustedProxies: 0 })).toBe('2001:db8::1');
    expect(clientAddressOf({ remoteAddress: undefined, forwardedFor: undefined, trustedProxies: 0 })).toBe('unknown');
  });

  it('with N trusted proxies, takes the Nth address from the right, ignoring what the client put further left', () => {
    // The client wrote 1.1.1.1; the outer proxy appended the client's real address 198.51.100.9.
    expect(clientAddressOf({ remoteAddress: '10.0.0.2', forwardedFor: '1.1.1.1, 198.51.100.9', trustedProxies: 1 })).toBe('198.51.100.9');
    // Two proxies: the outer one appended the client, the inner one appended the outer proxy.
    expect(clientAddressOf({ remoteAddress: '10.0.0.3', forwardedFor: '1.1.1.1, 198.51.100.9, 10.0.0.2', trustedProxies: 2 })).toBe('198.51.100.9');
    // Node joins repeated headers; the order of the hops is kept.
    expect(clientAddressOf({ remoteAddress: '10.0.0.3', forwardedFor: ['1.1.1.1', '198.51.100.9, 10.0.0.2'], trustedProxies: 2 })).toBe('198.51.100.9');
    expect(clientAddressOf({ remoteAddress: '10.0.0.2', forwardedFor: '::ffff:198.51.100.9', trustedProxies: 1 })).toBe('198.51.100.9');
  });

  it('falls back to the socket peer when the header is missing, too short or not an address at that hop', () => {
    expect(clientAddressOf({ remoteAddress: '10.0.0.2', forwardedFor: undefined, trustedProxies: 1 })).toBe('10.0.0.2');
    expect(clientAddressOf({ remoteAddress: '10.0.0.2', forwardedFor: '198.51.100.9', trustedProxies: 2 })).toBe('10.0.0.2');
    expect(clientAddressOf({ remoteAddress: '10.0.0.2', forwardedFor: '198.51.100.9, ', trustedProxies: 1 })).toBe('10.0.0.2');
    expect(clientAddressOf({ remoteAddress: '10.0.0.2', forwardedFor: 'not-an-address', trustedProxies: 1 })).toBe('10.0.0.2');
  });
});
