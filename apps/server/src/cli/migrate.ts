// `npm run db:migrate`: applies pending migrations and refreshes reference data, then exits.
// The server does the same at start; this is for deployments that migrate before rolling out.
import { ConfigError, loadConfig } from '../config/index.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { DataDirPermissionsError } from '../db/data-dir-permissions.ts';
import { openConfiguredDatabase } from '../db/open-database.ts';
import { seedReferenceData } from '../app/reference-data.ts';

// As the server does: what this process creates in DATA_DIR is its user's alone.
process.umask(0o077);

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
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DataDirPermissionsError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
