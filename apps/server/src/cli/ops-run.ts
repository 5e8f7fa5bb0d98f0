// What `npm run ops` does, given its arguments, environment and output streams (decision 0023):
// the binary (ops.ts) hands it the process's own; the tests call it in-process and keep one
// run of the real binary per mode to prove the wiring (test/ops-cli.ts).
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

/** The CLI's exit codes. */
export const OPS_EXIT = { done: 0, refused: 1, usage: 2, unreachable: 3 } as const;

/** Where a run reads its settings and writes what it prints. */
export interface OpsIo {
  /** The environment the configuration is read from; the process's own when absent (config/). */
  env?: NodeJS.ProcessEnv | undefined;
  /** Standard output: the answer (already ending in a newline). */
  stdout(text: string): void;
  /** Standard error: refusals and failures (already ending in a newline). */
  stderr(text: string): void;
}

/** The answer, from the running server when one holds the embedded database, else directly. */
async function answer(config: Config, request: OpsRequest, io: OpsIo): Promise<OpsResponse> {
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
      io.stderr(`${formatError(error)}\n`),
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

/** Runs one command line (without `node ops.ts`); its exit code. Throws only on a bug. */
export async function runOpsCommand(argv: readonly string[], io: OpsIo): Promise<number> {
  const fail = (message: string, code: number) => {
    io.stderr(`${message}\n`);
    return code;
  };
  // Read first for CORRIDOR_OPERATOR; a configuration error is reported once a command needs it.
  let config: Config | undefined;
  let configError: unknown;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    configError = error;
  }
  let parsed;
  try {
    parsed = parseOpsArgs(argv, config?.operator);
  } catch (error) {
    if (error instanceof UsageError)
      return fail(`${error.message}\n\n${OPS_USAGE}`, OPS_EXIT.usage);
    throw error;
  }
  if (parsed.help) {
    io.stdout(`${OPS_USAGE}\n`);
    return OPS_EXIT.done;
  }
  let response: OpsResponse;
  try {
    if (!config) throw configError;
    response = await answer(config, parsed.request, io);
  } catch (error) {
    return fail(reachError(error), OPS_EXIT.unreachable);
  }
  if (!response.ok) {
    const { code, message } = response.error;
    return fail(
      message,
      code === 'server_error' || code === 'bad_request' ? OPS_EXIT.unreachable : OPS_EXIT.refused,
    );
  }
  const output = parsed.json
    ? JSON.stringify(response.result, null, 2)
    : opsText(parsed.request, response.result);
  io.stdout(`${output}\n`);
  // Violations are listed on stdout, like any answer; the exit code says they were found.
  return opsFound(parsed.request, response.result) ? OPS_EXIT.refused : OPS_EXIT.done;
}
