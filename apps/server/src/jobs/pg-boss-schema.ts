import { getConstructionPlans, getMigrationPlans } from 'pg-boss';

/** The PostgreSQL schema pg-boss lives in (its default). */
export const PG_BOSS_SCHEMA = 'pgboss';

/** What drizzle's migrator splits a migration file on: each part runs as one statement. */
export const STATEMENT_BREAKPOINT = '--> statement-breakpoint';

/**
 * Splits SQL text into its top-level statements: semicolons inside quotes, quoted identifiers,
 * comments and dollar-quoted bodies (functions, DO blocks) do not end a statement.
 */
export function splitSqlStatements(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  let index = 0;
  const takeUntil = (end: string, from: number): number => {
    const found = text.indexOf(end, from);
    if (found < 0) throw new Error(`unterminated ${end} in SQL`);
    return found + end.length;
  };
  while (index < text.length) {
    const char = text[index];
    const next = text[index + 1];
    let end: number | undefined;
    if (char === "'") end = takeUntil("'", index + 1);
    else if (char === '"') end = takeUntil('"', index + 1);
    else if (char === '-' && next === '-') {
      const newline = text.indexOf('\n', index);
      end = newline < 0 ? text.length : newline;
    } else if (char === '/' && next === '*') end = takeUntil('*/', index + 2);
    else if (char === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(index))?.[0];
      if (tag) end = takeUntil(tag, index + tag.length);
    }
    if (end !== undefined) {
      current += text.slice(index, end);
      index = end;
      continue;
    }
    if (char === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
    } else {
      current += char;
    }
    index += 1;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

/**
 * pg-boss wraps its plans in its own transaction and advisory lock; a drizzle migration already
 * runs in one transaction, under the migration lock on PostgreSQL (db/database.ts).
 */
const wrapper = /^(BEGIN|COMMIT|SET LOCAL\b|SELECT pg_advisory_xact_lock\()/i;

function migrationText(plan: string): string {
  const statements = splitSqlStatements(plan).filter((statement) => !wrapper.test(statement));
  return `${statements.map((statement) => `${statement};`).join(`\n${STATEMENT_BREAKPOINT}\n`)}\n`;
}

/**
 * The body of the drizzle migration that installs pg-boss's schema (drizzle/0004_jobs.sql), so
 * pg-boss never creates or migrates anything at run time (`migrate: false`).
 *
 * Upgrading pg-boss to a release with a new schema version: generate a custom migration
 * (`npx drizzle-kit generate --custom --name pg_boss_<version>`) and fill it with
 * `node --import tsx src/jobs/pg-boss-schema.ts --from <the installed schema version>`; until
 * then pg-boss refuses to start ("pg-boss database requires migrations").
 */
export function pgBossInstallMigration(): string {
  return migrationText(getConstructionPlans(PG_BOSS_SCHEMA, { createSchema: true }));
}

/** The statements that move the pg-boss schema on from `fromVersion` to the installed release. */
export function pgBossUpgradeMigration(fromVersion: number): string {
  return migrationText(getMigrationPlans(PG_BOSS_SCHEMA, fromVersion));
}

const fromIndex = process.argv.indexOf('--from');
if (import.meta.url === `file://${process.argv[1]}`) {
  const from = fromIndex > 0 ? process.argv[fromIndex + 1] : undefined;
  process.stdout.write(
    from === undefined ? pgBossInstallMigration() : pgBossUpgradeMigration(Number(from)),
  );
}
