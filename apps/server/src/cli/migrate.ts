// `npm run db:migrate`: applies pending migrations and refreshes reference data, then exits.
// The server does the same at start; this is for deployments that migrate before rolling out.
import { ConfigError, loadConfig } from '../config/index.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openConfiguredDatabase } from '../db/open-database.ts';
import { seedReferenceData } from '../db/seed/reference-data.ts';

try {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    process.stdout.write(`Database is up to date (${database.kind}).\n`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
