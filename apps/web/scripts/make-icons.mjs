// Draws the app icons of the web app manifest (public/icons/*.png) from their SVG sources
// (public/favicon.svg, public/icons/maskable.svg) in Chromium, so the PNGs match the SVGs
// exactly. Run after changing the mark: `node apps/web/scripts/make-icons.mjs`; the PNGs are
// committed, so neither the build nor CI needs a browser for them.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { chromium } from 'playwright-core';
import { chromiumArgs, ensureChromium } from '../../../scripts/chromium.mjs';

const publicDir = path.resolve(import.meta.dirname, '../public');
const svg = (file) => fs.readFileSync(path.join(publicDir, file), 'utf8');

/** [output, source, size, transparent corners] */
const icons = [
  ['icons/icon-192.png', 'favicon.svg', 192, true],
  ['icons/icon-512.png', 'favicon.svg', 512, true],
  ['icons/maskable-512.png', 'icons/maskable.svg', 512, false],
  ['icons/apple-touch-icon.png', 'icons/maskable.svg', 180, false],
];

const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const [output, source, size, transparent] of icons) {
    const data = Buffer.from(svg(source)).toString('base64');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        `<img src="data:image/svg+xml;base64,${data}" width="${size}" height="${size}" ` +
        `style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({
      path: path.join(publicDir, output),
      clip: { x: 0, y: 0, width: size, height: size },
      omitBackground: transparent,
    });
    process.stdout.write(`${output}: ${size}×${size}\n`);
  }
} finally {
  await browser.close();
}
