import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from '../scripts/chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');

// Chosen once in the runner; its workers inherit the environment and so agree on them.
process.env.CORRIDOR_E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
process.env.CORRIDOR_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-e2e-'));

const port = process.env.CORRIDOR_E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: [['list'], ['./support/summary-reporter.ts']],
  timeout: 30_000,
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // The built product exactly as `npm start` runs it, on a fresh embedded database.
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: root,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: port ?? '',
      DATA_DIR: process.env.CORRIDOR_E2E_DATA_DIR,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
});
