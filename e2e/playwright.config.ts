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
  // Two cores run the server, two browsers and the password hashing of every sign-in: a screen
  // can take more than the default 5 s to answer without anything being wrong.
  expect: { timeout: 10_000 },
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  // Journeys run at a desktop size and as a phone, where Chromium emulates a touch screen and a
  // phone's viewport, density and user agent (issue 14: a picker that listed nothing on phones
  // went unseen while the journeys ran at desktop size only). Both sizes for every journey whose
  // outcome can depend on the screen: pickers and dialogs, layout and what fits, the navigation
  // menus, each route's screen. A journey whose outcome cannot is tagged @any-screen and runs
  // once, at desktop size (issue 27: CI's time goes to what a second size can prove): an API
  // check, the script policy, the order a page loads in, the progress bar, a redirect, live
  // events reaching a page, the Spanish journey (its screens and pickers are the English
  // journeys' at phone size; routes.spec.ts draws every screen in Spanish on a phone), and a
  // second journey through screens another one already proves on a phone. A journey tagged
  // @phone-only runs once, as a phone: a long journey whose screens another journey (or a mocked
  // tour, money-screens.spec.ts) already proves at desktop size.
  projects: [
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grepInvert: /@any-screen/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 3,
        // Android's Chrome: the engine that runs the tests, so the app sees what it really is.
        userAgent:
          'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
      },
    },
  ],
  // The built product exactly as `npm start` runs it, on a fresh embedded database.
  webServer: {
    command: 'node --max-semi-space-size=64 scripts/start.mjs',
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
      // The browsers reach it as through a proxy: each test sends its own X-Forwarded-For
      // (support/test.ts), so per-address limits count each test, not the whole suite.
      TRUST_PROXY: '127.0.0.1',
      // A paid transfer settles and pays out in seconds, not the embedded default's half minute,
      // so the sending-money journeys watch every step within a test's time
      // (docs/sandbox-providers.md#payouts).
      BANK_TRANSFER_SANDBOX_SETTLE_SECONDS: '1',
      PAYOUT_SANDBOX_STEP_SECONDS: '1',
      // The sandbox's rates walk at every refresh (docs/sandbox-providers.md#fx-rates): here once
      // an hour, not every minute, so a journey that compares a quote's figures before and after
      // a step does not see the rate move between them on a slow machine.
      FX_REFRESH_SECONDS: '3600',
      FX_MAX_AGE_SECONDS: '7200',
    },
  },
});
