import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One fresh database for the whole integration run, dropped at the end. */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase((line) => process.stderr.write(`[test db] ${line}\n`));
  project.provide('databaseUrl', database.url);
  return async () => {
    await database.drop();
  };
}
