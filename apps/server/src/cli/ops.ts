// `npm run ops -- documents:list|show|approve|reject …`: what an operator does (decision 0023);
// `npm run ops -- ledger:check`: the ledger's invariants (decision 0037);
// `npm run ops -- customers:block|unblock <id> --reason "…" [--as <name>]` (decision 0039).
// With the embedded database it asks the running server over DATA_DIR/ops.sock; on PostgreSQL,
// or when no server is running, it opens the database itself.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config/index.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { DataDirPermissionsError } from '../db/data-dir-permissions.ts';
import { formatError } from '../errors/log-serializers.ts';
import { OPS_USAGE, parseOpsArgs, UsageError } from './ops-args.ts';
import { opsFound, opsText } from './ops-output.ts';
import type { OpsRequest, OpsResponse } from './ops-protocol.ts';
import { callOpsSocket, opsSocketPath } from './ops-socket.ts';

// As the server does: what this process creates in DATA_DIR is its user's alone.
process.umask(0o077);

const EXIT = { done: 0, refused: 1, usage: 2, unreachable: 3 } as const;

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

/** The answer, from the running server when one holds the embedded database, else directly. */
async function answer(config: Config, request: OpsRequest): Promise<OpsResponse> {
  if (!config.databaseUrl) {
    const served = await callOpsSocket(opsSocketPath(config.dataDir), request);
    if (served) return served;
  }
  // Run from the wrong folder, the CLI would make an empty database and list nothing.
  const embedded = path.join(config.dataDir, 'data');
  if (!config.databaseUrl && !fs.existsSync(embedded)) {
    throw new Error(
      `There is no Corridor database in ${embedded}. Run this where npm start runs, or set DATA_DIR.`,
    );
  }
  // Loaded only now: asking a server needs none of the modules.
  const [{ openDirectOps }, { executeOpsRequest }] = await Promise.all([
    import('./ops-direct.ts'),
    import('./ops-execute.ts'),
  ]);
  const direct = await openDirectOps(config);
  try {
    return await executeOpsRequest(direct.handlers, request, (error) =>
      console.error(formatError(error)),
    );
  } finally {
    await direct.close();
  }
}

function reachError(error: unknown): string {
  if (error instanceof DataDirLockedError) {
    return (
      `A Corridor server (process ${error.holderPid}) holds ${error.lockFile}, but it did not ` +
      `answer on ${opsSocketPath(path.dirname(error.lockFile))}. Try again once it has ` +
      'started, or restart it.'
    );
  }
  if (error instanceof ConfigError || error instanceof DataDirPermissionsError) {
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

async function main(argv: readonly string[]): Promise<number> {
  // Read first for CORRIDOR_OPERATOR; a configuration error is reported once a command needs it.
  let config: Config | undefined;
  let configError: unknown;
  try {
    config = loadConfig();
  } catch (error) {
    configError = error;
  }
  let parsed;
  try {
    parsed = parseOpsArgs(argv, config?.operator);
  } catch (error) {
    if (error instanceof UsageError) fail(`${error.message}\n\n${OPS_USAGE}`, EXIT.usage);
    throw error;
  }
  if (parsed.help) {
    process.stdout.write(`${OPS_USAGE}\n`);
    return EXIT.done;
  }
  let response: OpsResponse;
  try {
    if (!config) throw configError;
    response = await answer(config, parsed.request);
  } catch (error) {
    fail(reachError(error), EXIT.unreachable);
  }
  if (!response.ok) {
    const { code, message } = response.error;
    fail(
      message,
      code === 'server_error' || code === 'bad_request' ? EXIT.unreachable : EXIT.refused,
    );
  }
  const output = parsed.json
    ? JSON.stringify(response.result, null, 2)
    : opsText(parsed.request, response.result);
  process.stdout.write(`${output}\n`);
  // Violations are listed on stdout, like any answer; the exit code says they were found.
  return opsFound(parsed.request, response.result) ? EXIT.refused : EXIT.done;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(formatError(error));
    process.exit(EXIT.unreachable);
  },
);
