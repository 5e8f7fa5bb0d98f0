/**
 * Issue 28, S3 (part), S4 and S5 at the hand-in: files the upload PUT accepts (it sniffs their
 * first bytes) but that are not what they claim as a whole are refused by POST
 * /client/v1/document/upload with the usual 422, and reading a PDF never holds up the server.
 */
import { DOCUMENT_MAX_BYTES } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import {
  jpegFile,
  jpegHeadThenZeros,
  manyObjectsPdf,
  pdfFile,
  pngFile,
} from '../../test/document-files.ts';
import { documentsTestFile, handIn, storeFile, type TestFile } from './documents-test-kit.ts';
import { PDF_BUDGET } from './storage/pdf-reading.ts';

const file = documentsTestFile('local', 164);

const UNREADABLE = 'We could not read this file. It may be damaged or protected by a password.';
const NOT_A_PHOTO = 'Upload a photo: a JPEG, PNG or WebP image.';
const TOO_COMPLEX =
  'This PDF is too complex for us to check. Upload a photo of each page, or save the PDF again with "Print to PDF" and upload that.';

/** Stored as a browser stores it (the PUT takes it), then handed in as a passport or a statement. */
async function handedIn(testFile: TestFile) {
  const { browser } = await file.customer({ address: true });
  const [category, type] =
    testFile.type === 'application/pdf'
      ? (['POA', 'BANK_STATEMENT'] as const)
      : (['POI', 'PASSPORT'] as const);
  const token = await storeFile(file.app, browser, category, type, testFile);
  return handIn(browser, category, type, [token.object_key]);
}

/** Stays under 50 ms for 99 of 100 requests: what a load balancer's probe and a customer see. */
function percentile99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.99) - 1] ?? Number.POSITIVE_INFINITY;
}

describe('the hand-in inspects the whole file', () => {
  it.each([
    [
      'a JPEG with markup at byte 2000, in a comment segment',
      jpegFile(1200, 800, { comment: `${'x'.repeat(1976)}<html><script>alert(1)</script>` }),
      NOT_A_PHOTO,
    ],
    [
      'a JPEG head followed by 10 MB of zeros',
      jpegHeadThenZeros(DOCUMENT_MAX_BYTES - 1000),
      UNREADABLE,
    ],
    [
      'a PNG with junk after IEND',
      Buffer.concat([pngFile(1200, 800), Buffer.from('junk after the end')]),
      UNREADABLE,
    ],
  ])('refuses %s with a 422', async (_name, bytes, message) => {
    const type = bytes[0] === 0x89 ? 'image/png' : 'image/jpeg';
    const answer = await handedIn({ name: 'passport.jpg', type, bytes });
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toEqual({
      message: expect.any(String),
      errors: { 'pages.0': [message] },
    });
  });

  it('refuses a PDF of 306,000 tiny objects within its budget, saying what to do', async () => {
    const bytes = manyObjectsPdf(306_000);
    const started = performance.now();
    const answer = await handedIn({ name: 'statement.pdf', type: 'application/pdf', bytes });
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().errors).toEqual({ 'pages.0': [TOO_COMPLEX] });
    expect(performance.now() - started).toBeLessThan(PDF_BUDGET.timeMs);
  });
});

describe('reading a PDF never holds up the server', () => {
  it('keeps the event loop free and /healthz under 50 ms at the 99th percentile while a PDF of 25,000 objects is read', async () => {
    // Just within the object budget, each object an array: read, not refused, and about a
    // second of parsing.
    const bytes = manyObjectsPdf(PDF_BUDGET.maxObjects - 3, `[${'1 '.repeat(20)}]`);
    const { browser } = await file.customer({ address: true });
    const statement = async (name: string, pdf: Buffer) =>
      (
        await storeFile(file.app, browser, 'POA', 'BANK_STATEMENT', {
          name,
          type: 'application/pdf',
          bytes: pdf,
        })
      ).object_key;
    const handedInOk = async (key: string) =>
      expect((await handIn(browser, 'POA', 'BANK_STATEMENT', [key])).statusCode).toBe(201);
    // A process reads its first PDF after loading the parser into a worker; measured is the
    // steady state, where the workers are warm.
    await handedInOk(await statement('warm-up.pdf', pdfFile(1)));

    // How much of the hand-in the main thread spent working rather than waiting: with the parse
    // on it, most of it (pdf-lib yields every 100 objects, so each request still gets a turn,
    // but waits behind a slice of parsing); with the parse in a worker, little. Timed alone:
    // a probe would keep the loop busy itself.
    const [first, second] = [await statement('a.pdf', bytes), await statement('b.pdf', bytes)];
    const before = performance.eventLoopUtilization();
    await handedInOk(first);
    expect(performance.eventLoopUtilization(before).utilization).toBeLessThan(0.35);

    // /healthz asked back to back while another is read, each answer timed.
    let done = false;
    const upload = handedInOk(second).finally(() => {
      done = true;
    });
    const samples: number[] = [];
    const begun = performance.now();
    // Bounded, so a hand-in that never ends fails the test rather than hangs it.
    while (!done && performance.now() - begun < 60_000) {
      const started = performance.now();
      const health = await file.app.inject({ method: 'GET', url: '/healthz' });
      samples.push(performance.now() - started);
      expect(health.statusCode).toBe(200);
      // inject() settles without reaching the event loop: let the hand-in's I/O run between.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await upload;
    // Enough samples for a 99th percentile that is not simply the slowest one.
    expect(samples.length).toBeGreaterThan(100);
    expect(percentile99(samples)).toBeLessThan(50);
  });
});
