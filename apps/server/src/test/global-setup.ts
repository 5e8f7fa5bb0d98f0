import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database.ts';
import { seedReferenceData } from '../app/reference-data.ts';
import { onPostgresServer, postgresDatabaseUrl } from './postgres-server.ts';
import { testEnvironment } from './test-config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** The migrated, seeded database each test database is copied from (PostgreSQL only). */
    postgresTemplate: string;
  }
}

async function migrateAndSeed(database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await seedReferenceData(database.db);
}

/**
 * Migrating and seeding costs seconds, so it runs once: on PGlite a migrated, seeded database is
 * dumped and every test file starts its own copy from it; on PostgreSQL it is a template
 * database that `create database … template` copies in a fraction of that time.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-test-'));
  const snapshot = path.join(dir, 'pglite.tar.gz');
  const serverUrl = testEnvironment.databaseUrl;
  // Its own name per run: the PGlite and PostgreSQL passes of CI may run side by side.
  const template = `corridor_template_${crypto.randomBytes(6).toString('hex')}`;
  if (serverUrl) {
    await onPostgresServer(serverUrl, `create database "${template}"`);
    const database = await openPostgres(postgresDatabaseUrl(serverUrl, template));
    await migrateAndSeed(database);
    // A template is copied only while nobody is connected to it.
    await database.close();
  } else {
    const database = await openPglite();
    await migrateAndSeed(database);
    fs.writeFileSync(snapshot, Buffer.from(await (await database.dump()).arrayBuffer()));
    await database.close();
  }
  project.provide('pgliteSnapshot', snapshot);
  project.provide('postgresTemplate', template);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (serverUrl) await onPostgresServer(serverUrl, `drop database if exists "${template}"`);
  };
}
