import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', '.next-e2e*/**', 'node_modules/**', '.data/**', 'db/migrations/**', 'next-env.d.ts'] },
  {
    // Route handlers and pages only adapt: no SQL and no schema access in app/ (domain code lives in lib/).
    files: ['app/**/*.ts', 'app/**/*.tsx', 'components/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'Queries belong in lib/<domain>; call a domain function instead.' },
            { name: 'pg', message: 'Queries belong in lib/<domain>; call a domain function instead.' },
          ],
          patterns: [{ group: ['@/db/schema', '@/db/schema/*', 'drizzle-orm/*'], message: 'Queries belong in lib/<domain>.' }],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
];

export default config;
