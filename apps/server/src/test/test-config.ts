/**
 * The environment of a test run, read in one place: the suite runs on PGlite by default and on
 * the PostgreSQL and Redis servers these name when set (CI runs both).
 */
export const testEnvironment = {
  databaseUrl: process.env.DATABASE_URL || undefined,
  redisUrl: process.env.REDIS_URL || undefined,
};
