// `index.html` beside the PNGs: each screen in a row, the phone beside the desktop, each image a
// link to its full size.
import fs from 'node:fs';
import path from 'node:path';
import type { ScreenRecorder } from './capture.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/** Screens in tour order; a size that could not capture one shows why. */
function rows(recorders: readonly ScreenRecorder[]): string {
  const names = [...new Set(recorders.flatMap((r) => r.shots.map((shot) => shot.name)))];
  return names
    .map((name) => {
      const cells = recorders.map((recorder) => {
        const shot = recorder.shots.find((s) => s.name === name);
        const width = recorder.size.width;
        if (!shot?.file) {
          return `<td class="missing">${width}: not captured${shot?.error ? `: ${escapeHtml(shot.error)}` : ''}</td>`;
        }
        const src = escapeHtml(shot.file.split(path.sep).join('/'));
        return `<td><a href="${src}"><img src="${src}" alt="${escapeHtml(name)} at ${width} px" loading="lazy" class="w${width}"></a></td>`;
      });
      return `<tr><th scope="row">${escapeHtml(name)}</th>${cells.join('')}</tr>`;
    })
    .join('\n');
}

export function writeContactSheet(
  out: string,
  recorders: readonly ScreenRecorder[],
  variant: { locale: string; colorScheme: string },
): void {
  const heads = recorders.map((r) => `<th scope="col">${r.size.label} (${r.size.width} px)</th>`);
  const html = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Corridor screens (${escapeHtml(variant.locale)}, ${escapeHtml(variant.colorScheme)})</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 24px; }
  table { border-collapse: collapse; }
  th, td { vertical-align: top; text-align: left; padding: 8px 12px; border-bottom: 1px solid #ddd; }
  img { border: 1px solid #ccc; }
  .w390 { width: 260px; }
  .w1280 { width: 640px; }
  .missing { color: #a00; }
</style>
<h1>Corridor screens</h1>
<p>${escapeHtml(variant.locale)}, ${escapeHtml(variant.colorScheme)} colour scheme, ${new Date().toISOString()}</p>
<table>
<thead><tr><th scope="col">Screen</th>${heads.join('')}</tr></thead>
<tbody>
${rows(recorders)}
</tbody>
</table>
`;
  fs.writeFileSync(path.join(out, 'index.html'), html);
}
