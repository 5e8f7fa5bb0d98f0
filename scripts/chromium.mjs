// Finds a Chromium that Playwright can drive. `npx playwright install` cannot download
// anything on these machines, so we use the system browser (Debian: apt-get install chromium).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const candidates = [
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
].filter(Boolean);

/** The flags this environment needs (without the networking ones Chromium fails here). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function findChromium() {
  return candidates.find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const help = `No Chromium found. The browser tests need one:
  Debian/Ubuntu:  sudo apt-get install -y chromium
  elsewhere:      install Chromium or Chrome and set CHROME_PATH to its executable.`;

function canInstallWithApt() {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' });
    return fs.existsSync('/etc/debian_version');
  } catch {
    return false;
  }
}

/** Returns a usable Chromium, installing Debian's package when running as root on Debian. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (!canInstallWithApt()) {
    console.error(help);
    process.exit(1);
  }
  console.log('Installing Chromium from Debian packages (about a minute)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  const installed = findChromium();
  if (!installed) {
    console.error(help);
    process.exit(1);
  }
  return installed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`Chromium: ${ensureChromium()}`);
}
