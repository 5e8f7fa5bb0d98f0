import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/index.ts';
import { cryptoRandom, type RandomSource } from '../../lib/random.ts';
import type { PusherCredentials } from './protocol.ts';

const FILE_NAME = 'realtime.json';

function isCredentials(value: unknown): value is PusherCredentials {
  const v = value as Partial<PusherCredentials> | null;
  return (
    typeof v?.appId === 'string' &&
    /^[A-Za-z0-9_-]{1,64}$/.test(v.appId) &&
    typeof v.key === 'string' &&
    /^[A-Za-z0-9_-]{8,64}$/.test(v.key) &&
    typeof v.secret === 'string' &&
    /^[A-Za-z0-9_-]{16,128}$/.test(v.secret)
  );
}

/** The configured credentials, when PUSHER_APP_ID/KEY/SECRET are all set. */
export function configuredCredentials(config: Config): PusherCredentials | undefined {
  const { appId, key, secret } = config.pusher;
  return appId && key && secret ? { appId, key, secret } : undefined;
}

export function generateCredentials(random: RandomSource = cryptoRandom): PusherCredentials {
  return {
    appId: String(random.bytes(4).readUInt32BE(0)),
    key: random.bytes(15).toString('base64url'),
    secret: random.bytes(32).toString('base64url'),
  };
}

/**
 * Credentials for the embedded hub: the configured ones, else those kept in
 * DATA_DIR/realtime.json, generated on first start (so browsers keep working across restarts).
 */
export async function resolvePusherCredentials(
  config: Config,
  random: RandomSource = cryptoRandom,
): Promise<PusherCredentials> {
  const configured = configuredCredentials(config);
  if (configured) return configured;
  const file = path.join(config.dataDir, FILE_NAME);
  try {
    const stored: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    if (isCredentials(stored)) return stored;
    throw new Error(`${file} does not hold valid realtime credentials; delete it to regenerate`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const credentials = generateCredentials(random);
  await fs.mkdir(config.dataDir, { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(credentials, null, 2)}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  return credentials;
}
