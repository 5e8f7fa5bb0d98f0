/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brand } from './theme';

// The files the server sends as they are (apps/web/public, copied into the build).
const web = `${import.meta.dirname}/../..`;
const read = (file: string) => readFileSync(`${web}/${file}`);

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: Buffer): { width: number; height: number } {
  expect(file.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

describe('the web app manifest (defect 10)', () => {
  const manifest = JSON.parse(read('public/manifest.webmanifest').toString('utf8')) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: ManifestIcon[];
  };

  it('defect 10: is linked from the page, with the brand colour as the theme colour', () => {
    const html = read('index.html').toString('utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain(`<meta name="theme-color" content="${brand[8]}" />`);
    expect(manifest.theme_color).toBe(brand[8]);
  });

  it('defect 10: makes Corridor installable: names, start, standalone display', () => {
    expect(manifest.name).toBe('Corridor');
    expect(manifest.short_name).toBe('Corridor');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('defect 10: has 192 and 512 px icons and a maskable one, each the size it says', () => {
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(read(`public${icon.src}`))).toEqual({ width, height });
    }
    expect(read('public/favicon.svg').toString('utf8')).toContain(brand[8]);
  });

  it('defect 10: serves a real robots.txt, not the app’s page', () => {
    const robots = read('public/robots.txt').toString('utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).not.toMatch(/<html/i);
  });
});
