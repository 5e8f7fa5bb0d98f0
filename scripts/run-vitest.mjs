// Runs Vitest and ends with the plain "N passed, N failed" line that CI reads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';

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
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(
    fs.readFileSync(report, 'utf8'),
  );
  console.log(
    `\nunit: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`,
  );
}
process.exit(result.status ?? 1);
