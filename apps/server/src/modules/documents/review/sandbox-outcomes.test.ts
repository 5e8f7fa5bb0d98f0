import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { jpegFile, manyObjectsPdf, pngFile } from '../../../test/document-files.ts';
import { idPhoto, reviewTestFile, statementPdf } from './review-test-kit.ts';
import { SANDBOX_REJECTIONS } from './sandbox-reviewer.ts';

/**
 * Every documented sandbox file name (docs/sandbox-providers.md, "Identity review"), handed in
 * through the API and reviewed by the job, and what the reviewer does with a stored file that
 * is gone or is no longer the one handed in.
 */
const file = reviewTestFile(162);

describe('the sandbox file names, end to end', () => {
  it.each(SANDBOX_REJECTIONS.map(([word]) => word))(
    '%s: rejected with its reason',
    async (word) => {
      const { browser } = await file.customer();
      const documentId = await file.submit(browser, 'POI', 'NATIONAL_ID_CARD', [
        idPhoto('id-front.jpg'),
        idPhoto(`id-back-${word}.jpg`),
      ]);
      await file.reviewsRun();
      const { document } = await file.documentOf(browser, documentId);
      expect(document.status_code).toBe('rejected');
      const reason = (await file.rowOf(documentId)).rejection_reason;
      expect(document.rejection_reason).toBe(reason);
      expect(reason).toMatch(/\. [A-Z].*\.$/);
    },
  );

  it('review: left to an operator', async () => {
    const { browser } = await file.customer();
    const documentId = await file.submit(browser, 'POA', 'UTILITY_BILL', [
      statementPdf('bill.pdf'),
      statementPdf('bill-page-2 (review).pdf'),
    ]);
    await file.reviewsRun();
    expect((await file.documentOf(browser, documentId)).document.status_code).toBe(
      'review-required',
    );
  });

  it('passport--<names>--<date>: approved, the name read from it, the check fails', async () => {
    const { browser } = await file.customer();
    const documentId = await file.submit(browser, 'POI', 'PASSPORT', [
      idPhoto('passport--jane-doe--1990-05-12.jpg'),
    ]);
    await file.reviewsRun();
    const { profile, document } = await file.documentOf(browser, documentId);
    expect(document.status_code).toBe('approved');
    expect(profile.poi_name_check).toBe(false);
    expect(await file.rowOf(documentId)).toMatchObject({
      poi_name: 'Jane',
      poi_third_name: 'Doe',
      poi_birth_date: '1990-05-12',
    });
  });

  it('S1 (issue 28): an ID of someone unborn or under 18 is not approved, and says why', async () => {
    const year = file.clock.now().getUTCFullYear();
    const cases = [
      [
        `passport--tim-young--${year - 10}-01-02.jpg`,
        'The document shows that its holder is under 18. You must be at least 18 years old to use Corridor.',
      ],
      [
        `passport--tim-young--${year + 1}-01-02.jpg`,
        'The date of birth on the document is in the future. Upload a valid document of your own.',
      ],
    ] as const;
    for (const [name, reason] of cases) {
      const { browser } = await file.customer();
      const documentId = await file.submit(browser, 'POI', 'PASSPORT', [idPhoto(name)]);
      await file.reviewsRun();
      const { document, profile } = await file.documentOf(browser, documentId);
      expect(document, name).toMatchObject({ status_code: 'rejected', rejection_reason: reason });
      expect(profile.pending_documents.map((category) => category.code)).toContain('POI');
      expect((await file.rowOf(documentId)).poi_birth_date).toBeNull();
    }
  });

  it('S1 (issue 28): an ID whose name the profile would refuse (over 100 letters) goes to a person', async () => {
    const { browser } = await file.customer();
    const documentId = await file.submit(browser, 'POI', 'PASSPORT', [
      idPhoto(`passport--${'a'.repeat(101)}-doe--1990-05-12.jpg`),
    ]);
    await file.reviewsRun();
    expect((await file.documentOf(browser, documentId)).document.status_code).toBe(
      'review-required',
    );
  });

  it('a photo smaller than 600 × 400: rejected, saying so', async () => {
    const { browser } = await file.customer();
    const documentId = await file.submit(browser, 'POI', 'PASSPORT', [
      { name: 'passport.png', type: 'image/png', bytes: pngFile(560, 380) },
    ]);
    await file.reviewsRun();
    expect((await file.documentOf(browser, documentId)).document.rejection_reason).toBe(
      'The photo is too small (560 × 380 pixels). Take a new photo of at least 600 × 400 pixels, with the document filling the frame.',
    );
  });
});

describe('what is stored when the review runs', () => {
  it('a page gone from storage: left to an operator', async () => {
    const { browser } = await file.customer();
    const documentId = await file.submit(browser, 'POI', 'PASSPORT', [idPhoto('passport.jpg')]);
    for (const stored of await file.filesOf(documentId)) await fs.rm(stored);
    await file.reviewsRun();
    expect((await file.documentOf(browser, documentId)).document.status_code).toBe(
      'review-required',
    );
  });

  it('a PDF replaced by one of 306,000 objects: the same bounded inspection rejects it (issue 28, S4)', async () => {
    const hostile = manyObjectsPdf(306_000);
    // A real statement as long as it, padded with a comment before its %%EOF: the size the
    // page records stays the same, so the review inspects the new bytes.
    const pdf = statementPdf('statement.pdf').bytes;
    const eof = pdf.lastIndexOf('%%EOF');
    const padding = Buffer.from(`%${'x'.repeat(hostile.length - pdf.length - 2)}\n`, 'latin1');
    const statement = Buffer.concat([pdf.subarray(0, eof), padding, pdf.subarray(eof)]);
    const { browser } = await file.customer();
    const documentId = await file.submit(browser, 'POA', 'BANK_STATEMENT', [
      { name: 'statement.pdf', type: 'application/pdf', bytes: statement },
    ]);
    const [stored = ''] = await file.filesOf(documentId);
    await fs.writeFile(stored, hostile);
    await file.reviewsRun();
    const { document } = await file.documentOf(browser, documentId);
    expect(document.status_code).toBe('rejected');
    expect(document.rejection_reason).toBe(
      'A PDF is too complex to check. Upload a photo of each page, or save the PDF again with "Print to PDF" and upload that.',
    );
  });

  it('a page replaced after it was handed in: left to an operator, never approved', async () => {
    const { browser } = await file.customer();
    const documentId = await file.submit(browser, 'POI', 'PASSPORT', [idPhoto('passport.jpg')]);
    const [stored = ''] = await file.filesOf(documentId);
    // What a second PUT to a still-valid presigned S3 URL could leave: other bytes.
    await fs.writeFile(stored, jpegFile(1600, 1200));
    await file.reviewsRun();
    expect((await file.documentOf(browser, documentId)).document.status_code).toBe(
      'review-required',
    );
  });
});
