/**
 * The environment of a test run, read in one place: the suite runs on PGlite by default and on
 * the PostgreSQL and Redis servers these name when set (CI runs both).
 */
export const testEnvironment = {
  databaseUrl: process.env.DATABASE_URL || undefined,
  redisUrl: process.env.REDIS_URL || undefined,
};

/** What a server shares with other runs on this machine: a child process is given its own. */
const SHARED_SERVICES = new Set(['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX']);

/**
 * This run's environment for a server process the test starts (PATH, HOME, Node's options),
 * without the shared PostgreSQL and Redis: the test names the ones that process may use.
 */
export function inheritedEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !SHARED_SERVICES.has(name)),
  );
}
