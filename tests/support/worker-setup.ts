import { inject } from 'vitest';

// Every module reads settings lazily, so pointing the environment at the run's database here is enough.
process.env.SERVICE_DATABASE_URL = inject('databaseUrl');
process.env.SERVICE_LOG_LEVEL ??= 'silent';
