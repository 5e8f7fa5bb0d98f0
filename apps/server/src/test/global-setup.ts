import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/database.ts';
import { seedReferenceData } from '../app/reference-data.ts';
import { testEnvironment } from './test-config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/**
 * PGlite's initdb costs seconds, so it runs once: a migrated, seeded database is dumped here
 * and every test file starts its own copy from it (on PostgreSQL this is skipped).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-test-'));
  const snapshot = path.join(dir, 'pglite.tar.gz');
  if (!testEnvironment.databaseUrl) {
    const database = await openPglite();
    await database.migrate();
    await seedReferenceData(database.db);
    fs.writeFileSync(snapshot, Buffer.from(await (await database.dump()).arrayBuffer()));
    await database.close();
  }
  project.provide('pgliteSnapshot', snapshot);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
