// Runs Vitest and ends with the plain "N passed, N failed" line that CI reads, after the slowest
// test files (where a run's time goes, issue 27) and where the whole JSON report is kept.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';

/** How many of the slowest files the run lists. */
const SLOWEST_FILES = 10;

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-vitest-')), 'report.json');
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
if (fs.existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests, testResults } = JSON.parse(
    fs.readFileSync(report, 'utf8'),
  );
  const slowest = testResults
    .map((file) => ({
      seconds: (file.endTime - file.startTime) / 1000,
      name: path.relative(process.cwd(), file.name),
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, SLOWEST_FILES);
  console.log(`\nThe ${slowest.length} slowest test files (each file's own time, in a worker):`);
  for (const { seconds, name } of slowest)
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  console.log(`Every file and test, with their times: ${report}`);
  console.log(
    `\nunit: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`,
  );
}
process.exit(result.status ?? 1);
