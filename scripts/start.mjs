// `npm start`: builds the web app when its build is missing or older than its sources, then
// runs the server in this same process, serving the API, realtime and the SPA on one port. A
// short line per step; `npm start -- --verbose` also shows the bundler's report (web-build.mjs).
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { register } from 'tsx/esm/api';
import { buildWebApp } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-chunking.ts',
  'apps/web/vite-precompress.ts',
  'apps/web/vite-route-preloads.ts',
  'packages/contracts/src',
];

function newestChange(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(target).map((entry) => newestChange(path.join(target, entry))),
  );
}

const built = fs.statSync(builtIndex, { throwIfNoEntry: false });
const newestSource = Math.max(...sources.map((s) => newestChange(path.join(root, s))));
if (!built || built.mtimeMs < newestSource) {
  const status = await buildWebApp({ root, verbose: process.argv.includes('--verbose') });
  if (status !== 0) process.exit(status);
} else {
  console.log('The web app is already built from the current sources.');
}

// main.ts migrates the database, then listens and prints the URL.
console.log('Migrating the database and starting the server…');
process.env.NODE_ENV ??= 'production';
register();
await import(path.join(root, 'apps/server/src/main.ts'));
