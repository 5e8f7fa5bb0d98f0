import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWebApp, WEB_BUILD_LOG } from './web-build.mjs';

// A stand-in for the bundler: as many lines as Vite's report on a clean clone (issue 28).
const REPORT_LINES = 374;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-web-build-'));
fs.mkdirSync(path.join(root, path.dirname(WEB_BUILD_LOG)), { recursive: true });

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A build that prints the report (half on stderr, as Vite's warnings go) and exits with `code`. */
function bundler(code: number) {
  const script = `for (let i = 0; i < ${REPORT_LINES}; i += 1) (i % 2 ? console.error : console.log)('dist/assets/chunk-' + i + '.js  1.2 kB'); process.exit(${code});`;
  return { file: process.execPath, args: ['-e', script] };
}

async function run(code: number) {
  const printed: string[] = [];
  const status = await buildWebApp({
    root,
    command: bundler(code),
    print: (line) => printed.push(line),
  });
  return { status, printed, log: fs.readFileSync(path.join(root, WEB_BUILD_LOG), 'utf8') };
}

describe('issue 28: npm start builds the web app in a line or two, its report in a log file', () => {
  it('issue 28: prints a line before and one after, and keeps every line of the report in the log', async () => {
    const { status, printed, log } = await run(0);
    expect(status).toBe(0);
    expect(printed).toEqual([
      'Building the web app (a minute or so)…',
      expect.stringMatching(
        /^Built the web app in \d+ s \(the bundler's report: apps\/web\/build\.log\)\.$/,
      ),
    ]);
    expect(log.trimEnd().split('\n')).toHaveLength(REPORT_LINES);
  });

  it('issue 28: a failed build shows its last lines and where the rest is, and its exit code', async () => {
    const { status, printed, log } = await run(3);
    expect(status).toBe(3);
    expect(printed[1]).toBe("The web app's build failed (exit code 3). Its last lines:");
    // The report's last 30 lines (stdout and stderr interleave in their own order).
    const tail = printed.slice(2, -1);
    expect(tail).toHaveLength(30);
    for (const line of tail) expect(line).toMatch(/^ {2}dist\/assets\/chunk-\d+\.js {2}1\.2 kB$/);
    expect(printed.at(-1)).toBe(
      'All of its output: apps/web/build.log (or run npm start -- --verbose).',
    );
    expect(log).toContain('chunk-0.js');
  });
});
