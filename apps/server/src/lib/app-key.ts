import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { appSecrets } from './app-key.schema.ts';
import type { RandomSource } from './random.ts';

const APP_KEY = 'app_key';

/**
 * The key that signs cookies and binds CSRF tokens to sessions. APP_KEY wins; otherwise
 * one is generated on first start and kept in the database, so every process shares it.
 */
export async function resolveAppKey(
  db: Database,
  configured: string | undefined,
  random: RandomSource,
): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'base64url');
  await db
    .insert(appSecrets)
    .values({ name: APP_KEY, value: random.bytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, APP_KEY));
  if (!row) throw new Error('The application key could not be stored.');
  return Buffer.from(row.value, 'base64url');
}
