// Test code: reads a PDF's text with an independent parser (pdfjs-dist, Mozilla's reader).
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// The metrics of the 14 standard fonts, which a PDF names without embedding them.
const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** Every page's text in reading order, items joined by spaces, runs of space made one. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  const parts: string[] = [];
  for (let number = 1; number <= doc.numPages; number += 1) {
    const page = await doc.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  await doc.destroy();
  return normalized(parts.join(' '));
}

/** Whitespace (the no-break spaces Intl writes included) as single spaces. */
export const normalized = (text: string) => text.replace(/\s+/gu, ' ').trim();
