import pg from 'pg';

/** Runs one statement on the PostgreSQL server itself (create or drop a test's database). */
export async function onPostgresServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
