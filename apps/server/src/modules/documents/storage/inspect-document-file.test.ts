import { documentFileTypes, type DocumentFileType } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import {
  bigPng,
  brokenPdf,
  gifFile,
  htmlNamedPdf,
  jpegFile,
  jpegHeadThenZeros,
  manyObjectsPdf,
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
import { PDF_BUDGET } from './pdf-reading.ts';

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

/** A JPEG whose COM segment holds `text` from byte `at` of the file on. */
function jpegWithCommentAt(at: number, text: string): Buffer {
  // SOI (2), APP0 (18), then the COM segment's marker and length (4) before its text.
  const jpeg = jpegFile(1200, 800, { comment: `${'x'.repeat(at - 24)}${text}` });
  expect(jpeg.indexOf(text)).toBe(at);
  return jpeg;
}

describe('inspectDocumentFile: the whole file, not its first bytes (issue 28)', () => {
  const unreadable = { ok: false, reason: 'unreadable' };

  it('refuses markup anywhere: a JPEG comment at byte 2000, a PNG text chunk, bytes deep in a PDF', async () => {
    const jpeg = jpegWithCommentAt(2000, '<html><script>alert(document.domain)</script>');
    expect(await sniffDocumentType(jpeg)).toBe('image/jpeg');
    expect(await inspectDocumentFile(jpeg, ANY)).toEqual({ ok: false, reason: 'type' });
    const png = pngFile(64, 64, { text: `${'x'.repeat(5000)}<svg onload=alert(1)>` });
    expect(await inspectDocumentFile(png, ANY)).toEqual({ ok: false, reason: 'type' });
    const pdf = pdfFile(30, { text: 'Statement' });
    const page30 = pdf.lastIndexOf('(Statement)');
    expect(page30).toBeGreaterThan(4000);
    const pdfWithScript = Buffer.concat([
      pdf.subarray(0, page30),
      Buffer.from('(<script>x</script>)', 'latin1'),
      pdf.subarray(page30 + '(Statement)'.length),
    ]);
    expect(await inspectDocumentFile(pdfWithScript, ANY)).toEqual({ ok: false, reason: 'type' });
    // Text that merely mentions a tag is not one: "<svgfile" or "a < b" stay fine.
    const plain = jpegWithCommentAt(2000, 'a < b; <svgfile; <scripted');
    expect(await inspectDocumentFile(plain, ANY)).toMatchObject({ ok: true });
  });

  it('refuses a JPEG head followed by 10 MB of zeros, and any byte after a JPEG’s end', async () => {
    const head = jpegHeadThenZeros(10 * 1024 * 1024 - 1000);
    expect(await sniffDocumentType(head.subarray(0, SNIFF_BYTES))).toBe('image/jpeg');
    expect(await inspectDocumentFile(head, ANY)).toEqual(unreadable);
    const jpeg = jpegFile(1200, 800);
    expect(await inspectDocumentFile(jpeg, ANY)).toMatchObject({ ok: true });
    for (const tail of [Buffer.alloc(10 * 1024 * 1024), Buffer.from([0]), Buffer.from('junk')]) {
      expect(await inspectDocumentFile(Buffer.concat([jpeg, tail]), ANY)).toEqual(unreadable);
    }
    // Cut anywhere, even mid-scan: unreadable.
    expect(await inspectDocumentFile(jpeg.subarray(0, jpeg.length - 2), ANY)).toEqual(unreadable);
    expect(await inspectDocumentFile(jpeg.subarray(0, jpeg.length - 40), ANY)).toEqual(unreadable);
  });

  it('refuses a PNG with junk after IEND or a chunk whose CRC is wrong, and a WebP with bytes after its RIFF', async () => {
    const png = pngFile(64, 64);
    expect(await inspectDocumentFile(Buffer.concat([png, Buffer.from('junk')]), ANY)).toEqual(
      unreadable,
    );
    const corrupt = Buffer.from(png);
    // A byte of the IDAT's compressed pixels, after the signature (8) and IHDR (25).
    corrupt[8 + 25 + 10] = (corrupt[8 + 25 + 10] ?? 0) ^ 0xff;
    expect(await inspectDocumentFile(corrupt, ANY)).toEqual(unreadable);
    const webp = webpFile(64, 64);
    expect(await inspectDocumentFile(Buffer.concat([webp, Buffer.alloc(4)]), ANY)).toEqual(
      unreadable,
    );
  });

  it('refuses a PDF with bytes after its %%EOF', async () => {
    const pdf = pdfFile(1);
    expect(await inspectDocumentFile(Buffer.concat([pdf, Buffer.from('\r\n')]), ANY)).toMatchObject(
      {
        ok: true,
      },
    );
    expect(await inspectDocumentFile(Buffer.concat([pdf, Buffer.alloc(2000)]), ANY)).toEqual(
      unreadable,
    );
    expect(await inspectDocumentFile(Buffer.concat([pdf, Buffer.from('junk')]), ANY)).toEqual(
      unreadable,
    );
  });
});

describe('inspectDocumentFile: a PDF within its budgets (issue 28, S4)', () => {
  const tooComplex = { ok: false, reason: 'too-complex' };

  it('refuses 306,000 tiny objects by counting them, without parsing, and reads a PDF just within', async () => {
    const hostile = manyObjectsPdf(306_000);
    expect(hostile.length).toBeLessThan(10 * 1024 * 1024);
    // With time to spare, so only the count can refuse it this fast (the parse took 46 s).
    const started = performance.now();
    expect(await inspectDocumentFile(hostile, ANY, { ...PDF_BUDGET, timeMs: 60_000 })).toEqual(
      tooComplex,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await inspectDocumentFile(manyObjectsPdf(PDF_BUDGET.maxObjects - 3), ANY)).toEqual({
      ok: true,
      type: 'application/pdf',
      pages: 1,
    });
    expect(await inspectDocumentFile(manyObjectsPdf(PDF_BUDGET.maxObjects - 2), ANY)).toEqual(
      tooComplex,
    );
  });

  it('ends a parse that outlasts its time or outgrows its memory', async () => {
    const heavy = manyObjectsPdf(20_000);
    expect(await inspectDocumentFile(heavy, ANY, { ...PDF_BUDGET, timeMs: 20 })).toEqual(
      tooComplex,
    );
    expect(
      await inspectDocumentFile(heavy, ANY, { ...PDF_BUDGET, timeMs: 60_000, memoryMb: 4 }),
    ).toEqual(tooComplex);
    // Still readable with the usual budget: what was refused was the budget, not the file.
    expect(await inspectDocumentFile(heavy, ANY)).toMatchObject({ ok: true, pages: 1 });
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
