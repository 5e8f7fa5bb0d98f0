// `npm run screens`: a PNG of every screen at a phone's width (390) and a desktop's (1280), so a
// reviewer sees the whole product in a minute. It starts the product as the browser tests do
// (its own server, a fresh embedded database, the development mailbox; the web app built when
// needed), tours it in Chromium, writes `screens/<width>/NN-name.png` and `screens/index.html`
// (every screen at both widths side by side), and stops.
//   --locale=es       the screens in Spanish (the browser's language; default en)
//   --dark            the dark colour scheme
//   --out=<folder>    where to write (default screens/, which git ignores)
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { chromium } from 'playwright-core';
import { chromiumArgs, ensureChromium } from './chromium.mjs';
import { ScreenRecorder, screenSizes } from './screens/capture.ts';
import { writeContactSheet } from './screens/contact-sheet.ts';
import { startProduct, type ProductServer } from './screens/product-server.ts';
import { tour } from './screens/tour.ts';

const root = path.resolve(import.meta.dirname, '..');

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const locale = option('locale') ?? 'en';
const colorScheme = process.argv.includes('--dark') ? 'dark' : 'light';
const out = path.resolve(root, option('out') ?? 'screens');

// Only what an earlier run wrote goes: the folder may hold other things.
for (const size of screenSizes)
  fs.rmSync(path.join(out, String(size.width)), { recursive: true, force: true });
fs.rmSync(path.join(out, 'index.html'), { force: true });

const executablePath = ensureChromium();
let server: ProductServer | undefined;
// Ctrl-C stops the server too, and deletes its database.
process.once('SIGINT', () => {
  void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
});

/** The tour at each size, in one Chromium. */
async function tourAtEverySize(origin: string, recorders: readonly ScreenRecorder[]) {
  console.log(`\nTouring ${origin} in Chromium (${locale}, ${colorScheme})…`);
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    for (const recorder of recorders) {
      await tour(browser, recorder, { origin, locale, colorScheme });
      const taken = recorder.shots.filter((shot) => shot.file).length;
      console.log(`  ${recorder.size.label} (${recorder.size.width} px): ${taken} screens`);
    }
  } finally {
    await browser.close();
  }
}

const started = Date.now();
const recorders = screenSizes.map((size) => new ScreenRecorder(out, size));
let stopped: unknown;
try {
  server = await startProduct();
  await tourAtEverySize(server.origin, recorders);
} catch (error) {
  stopped = error;
} finally {
  await server?.stop();
}
if (stopped !== undefined) {
  console.error(`\nscreens: ${stopped instanceof Error ? stopped.message : String(stopped)}`);
  process.exit(1);
}

writeContactSheet(out, recorders, { locale, colorScheme });
const failed = recorders.flatMap((r) =>
  r.shots.filter((s) => !s.file).map((s) => `${r.size.width}/${s.name}`),
);
const taken = recorders.reduce((sum, r) => sum + r.shots.length, 0) - failed.length;
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\n${taken} screens in ${seconds} s, in ${out}${path.sep}`);
console.log(`Open ${path.join(out, 'index.html')} to see them side by side.`);
if (failed.length > 0) {
  console.error(`Not captured (see above): ${failed.join(', ')}`);
  process.exitCode = 1;
}
