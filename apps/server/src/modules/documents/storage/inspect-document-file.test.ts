import { documentFileTypes, type DocumentFileType } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import {
  bigPng,
  brokenPdf,
  gifFile,
  htmlNamedPdf,
  jpegFile,
  pdfFile,
  pdfHtmlPolyglot,
  pngFile,
  pngZipPolyglot,
  svgFile,
  webpFile,
  zipFile,
} from '../../../test/document-files.ts';
import {
  inspectDocumentFile,
  MAX_IMAGE_PIXELS,
  SNIFF_BYTES,
  sniffDocumentType,
} from './inspect-document-file.ts';

const ANY = documentFileTypes;
const IMAGES: DocumentFileType[] = ['image/jpeg', 'image/png', 'image/webp'];

describe('inspectDocumentFile: what a stored file really is', () => {
  it('reads each allowed type by its content, with its dimensions or page count', async () => {
    expect(await inspectDocumentFile(jpegFile(640, 480), ANY)).toEqual({
      ok: true,
      type: 'image/jpeg',
      width: 640,
      height: 480,
    });
    expect(await inspectDocumentFile(pngFile(33, 17), ANY)).toEqual({
      ok: true,
      type: 'image/png',
      width: 33,
      height: 17,
    });
    expect(await inspectDocumentFile(webpFile(4000, 3000), ANY)).toEqual({
      ok: true,
      type: 'image/webp',
      width: 4000,
      height: 3000,
    });
    expect(await inspectDocumentFile(pdfFile(2), ANY)).toEqual({
      ok: true,
      type: 'application/pdf',
      pages: 2,
    });
  });

  it('refuses a real file of a type the document does not take', async () => {
    expect(await inspectDocumentFile(pdfFile(1), IMAGES)).toEqual({ ok: false, reason: 'type' });
    expect(await inspectDocumentFile(pngFile(10, 10), ['image/jpeg'])).toEqual({
      ok: false,
      reason: 'type',
    });
  });

  it.each([
    ['an HTML page named .pdf', htmlNamedPdf()],
    ['an SVG image with a script', svgFile()],
    ['a GIF', gifFile()],
    ['a ZIP archive', zipFile()],
    ['a PNG with a ZIP archive appended (polyglot)', pngZipPolyglot()],
    ['a readable PDF with a script in its first kilobyte (polyglot)', pdfHtmlPolyglot()],
    ['a JPEG with an HTML comment', jpegFile(8, 8, { comment: '<html><script>x()</script>' })],
    ['random bytes', Buffer.from('00ff00ff13371337', 'hex')],
  ])('refuses %s as "type"', async (_name, bytes) => {
    expect(await inspectDocumentFile(bytes, ANY)).toEqual({ ok: false, reason: 'type' });
  });

  it('refuses a 20,000 × 20,000 PNG and anything past 40 MP or 12,000 px a side', async () => {
    expect(bigPng().length).toBeLessThan(2000);
    expect(await inspectDocumentFile(bigPng(), ANY)).toEqual({
      ok: false,
      reason: 'image-too-large',
    });
    // 8,000 × 5,000 is 40 MP exactly: the limit itself is fine, one row more is not.
    expect(8000 * 5000).toBe(MAX_IMAGE_PIXELS);
    expect(await inspectDocumentFile(webpFile(8000, 5000), ANY)).toMatchObject({ ok: true });
    expect(await inspectDocumentFile(webpFile(8000, 5001), ANY)).toEqual({
      ok: false,
      reason: 'image-too-large',
    });
    expect(await inspectDocumentFile(webpFile(12_000, 100), ANY)).toMatchObject({ ok: true });
    expect(await inspectDocumentFile(webpFile(12_001, 100), ANY)).toEqual({
      ok: false,
      reason: 'image-too-large',
    });
  });

  it('finds encrypted, broken, cut-off and empty files unreadable', async () => {
    const unreadable = { ok: false, reason: 'unreadable' };
    expect(await inspectDocumentFile(pdfFile(1, { encrypted: true }), ANY)).toEqual(unreadable);
    expect(await inspectDocumentFile(brokenPdf(), ANY)).toEqual(unreadable);
    const png = pngFile(64, 64);
    expect(await inspectDocumentFile(png.subarray(0, png.length - 20), ANY)).toEqual(unreadable);
    const webp = webpFile(64, 64);
    expect(await inspectDocumentFile(webp.subarray(0, webp.length - 4), ANY)).toEqual(unreadable);
    expect(await inspectDocumentFile(jpegFile(64, 64).subarray(0, 30), ANY)).toEqual(unreadable);
    expect(await inspectDocumentFile(Buffer.alloc(0), ANY)).toEqual(unreadable);
  });
});

describe('sniffDocumentType: the type the first bytes show', () => {
  it('knows each type from its first bytes alone, even when they end mid-file', async () => {
    // A PNG whose first image data lies past the sniffed window.
    const png = pngFile(200, 200, { text: 'x'.repeat(2 * SNIFF_BYTES) });
    expect(await sniffDocumentType(png.subarray(0, SNIFF_BYTES))).toBe('image/png');
    const pdf = pdfFile(40);
    expect(pdf.length).toBeGreaterThan(SNIFF_BYTES);
    expect(await sniffDocumentType(pdf.subarray(0, SNIFF_BYTES))).toBe('application/pdf');
    expect(await sniffDocumentType(jpegFile(16, 16))).toBe('image/jpeg');
    expect(await sniffDocumentType(webpFile(16, 16))).toBe('image/webp');
  });

  it('never takes a name or a declared type: HTML, SVG and a PDF header not at byte 0 are nothing', async () => {
    expect(await sniffDocumentType(htmlNamedPdf())).toBeNull();
    expect(await sniffDocumentType(svgFile())).toBeNull();
    expect(await sniffDocumentType(Buffer.concat([Buffer.from('\n\n'), pdfFile(1)]))).toBeNull();
    expect(await sniffDocumentType(Buffer.alloc(0))).toBeNull();
  });
});
