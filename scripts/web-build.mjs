// `npm start`'s build step: the bundler's report (every asset, its plugin timings: some 375
// lines) goes to a log file, and the screen gets one line; `npm start -- --verbose` shows it all.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

/** Where the build's full output is kept, from the repository's root (ignored by git: *.log). */
export const WEB_BUILD_LOG = 'apps/web/build.log';

/** The lines of a failed build's log shown on screen, the rest left in the file. */
const FAILURE_TAIL_LINES = 30;

const defaultCommand = { file: 'npm', args: ['run', 'build', '--silent'] };
const printLine = (line) => process.stdout.write(`${line}\n`);

/**
 * Builds the web app under `root`; resolves with the build's exit code (0: built). Quiet, it
 * prints a line before and one after; a failure also prints the log's last lines.
 */
export async function buildWebApp({
  root,
  verbose = false,
  command = defaultCommand,
  print = printLine,
}) {
  print('Building the web app (a minute or so)…');
  const started = Date.now();
  if (verbose) return exitCode(spawn(command.file, command.args, { cwd: root, stdio: 'inherit' }));

  const logPath = path.join(root, WEB_BUILD_LOG);
  const log = fs.createWriteStream(logPath);
  const child = spawn(command.file, command.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const status = await exitCode(child);
  await new Promise((resolve) => log.end(resolve));

  if (status === 0) {
    const seconds = Math.round((Date.now() - started) / 1000);
    print(`Built the web app in ${seconds} s (the bundler's report: ${WEB_BUILD_LOG}).`);
    return 0;
  }
  const lines = fs.readFileSync(logPath, 'utf8').trimEnd().split('\n');
  print(`The web app's build failed (exit code ${status}). Its last lines:`);
  for (const line of lines.slice(-FAILURE_TAIL_LINES)) print(`  ${line}`);
  print(`All of its output: ${WEB_BUILD_LOG} (or run npm start -- --verbose).`);
  return status;
}

function exitCode(child) {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code ?? 1));
  });
}
