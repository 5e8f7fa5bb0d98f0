import { describe, expect, it } from 'vitest';
import {
  detailsFromFileName,
  readIdentityDetails,
  type IdentityDetails,
} from './identity-details.ts';
import type { ReviewedPage, ReviewRequest, StoredFile } from './identity-reviewer.ts';
import { MAX_PDF_PAGES } from './page-checks.ts';
import { createSandboxReviewer, hasWord, SANDBOX_REJECTIONS } from './sandbox-reviewer.ts';

/**
 * The sandbox reviewer's documented behaviour (docs/sandbox-providers.md, "Identity review"):
 * the checks every page goes through, then the test file names, then approval.
 */

const profile: IdentityDetails = {
  name: 'Ada',
  secondName: null,
  thirdName: 'Lovelace',
  birthDate: '1990-12-10',
};

const jpeg = (width: number, height: number, sizeBytes = 50_000): StoredFile => ({
  status: 'stored',
  sizeBytes,
  inspection: { ok: true, type: 'image/jpeg', width, height },
});
const pdf = (pages: number): StoredFile => ({
  status: 'stored',
  sizeBytes: 80_000,
  inspection: { ok: true, type: 'application/pdf', pages },
});

const page = (fileName: string, file: StoredFile = jpeg(1200, 800), number = 1): ReviewedPage => ({
  number,
  fileName,
  file,
});

const PHOTOS = ['image/jpeg', 'image/png', 'image/webp'] as const;
const passport = (...pages: ReviewedPage[]): ReviewRequest => ({
  documentId: '00000000-0000-4000-8000-000000000001',
  category: 'POI',
  type: 'PASSPORT',
  rules: { minPages: 1, maxPages: 1, fileTypes: PHOTOS },
  pages,
  profile,
});
const statement = (...pages: ReviewedPage[]): ReviewRequest => ({
  ...passport(...pages),
  category: 'POA',
  type: 'BANK_STATEMENT',
  rules: { minPages: 1, maxPages: 10, fileTypes: [...PHOTOS, 'application/pdf'] },
});

const review = (request: ReviewRequest) =>
  createSandboxReviewer({ clock: { now: () => new Date('2026-11-28T12:00:00Z') } }).review(request);

describe('the documented file names', () => {
  it.each([
    ['reject-blurry', 'The photo is blurred.'],
    ['reject-expired', 'The document has expired.'],
    ['reject-cropped', 'Part of the document is cut off.'],
    ['reject-glare', 'Light reflects off the document'],
    ['reject-screen', 'This is a screenshot or a photo of a screen.'],
    ['reject-old', 'The document is too old.'],
    ['reject-name', 'The name on the document is not the name on your profile.'],
  ])('%s rejects with a reason that says what to do', async (word, reason) => {
    const outcome = await review(passport(page(`passport-${word}.jpg`)));
    expect(outcome.status).toBe('rejected');
    expect(outcome.status === 'rejected' && outcome.reason).toContain(reason);
  });

  it('documents every rejection word it knows', () => {
    expect(SANDBOX_REJECTIONS.map(([word]) => word)).toEqual([
      'reject-blurry',
      'reject-expired',
      'reject-cropped',
      'reject-glare',
      'reject-screen',
      'reject-old',
      'reject-name',
    ]);
  });

  it('leaves "review" to an operator, on any page', async () => {
    const outcome = await review(
      statement(page('statement-1.jpg'), page('statement-2-review.jpg', jpeg(1200, 800), 2)),
    );
    expect(outcome).toMatchObject({ status: 'review-required' });
  });

  it('matches words alone, in any case, never inside another word', () => {
    expect(hasWord('passport-review.jpg', 'review')).toBe(true);
    expect(hasWord('REVIEW.JPG', 'review')).toBe(true);
    expect(hasWord('my passport (review).png', 'review')).toBe(true);
    expect(hasWord('preview.jpg', 'review')).toBe(false);
    expect(hasWord('reviewed.jpg', 'review')).toBe(false);
    expect(hasWord('x-reject-older.jpg', 'reject-old')).toBe(false);
    expect(hasWord('x-reject-old.jpg', 'reject-old')).toBe(true);
  });

  it('approves anything else; a proof of identity records the profile’s details', async () => {
    expect(await review(passport(page('passport.jpg')))).toEqual({
      status: 'approved',
      details: profile,
    });
    expect(await review(statement(page('preview.pdf', pdf(2))))).toEqual({
      status: 'approved',
      details: null,
    });
  });

  it('reads the name and date of birth from passport--<names>--<date>', async () => {
    expect(await review(passport(page('passport--jane-doe--1990-05-12.jpg')))).toEqual({
      status: 'approved',
      details: { name: 'Jane', secondName: null, thirdName: 'Doe', birthDate: '1990-05-12' },
    });
  });

  it('lets a check refuse before a name can approve, and a rejection before a review', async () => {
    const tooSmall = await review(passport(page('passport-review.jpg', jpeg(500, 300))));
    expect(tooSmall).toMatchObject({ status: 'rejected' });
    const both = await review(passport(page('passport-review-reject-glare.jpg')));
    expect(both).toMatchObject({ status: 'rejected' });
  });
});

describe('the checks', () => {
  const reasonOf = async (request: ReviewRequest) => {
    const outcome = await review(request);
    return outcome.status === 'rejected' ? outcome.reason : outcome.status;
  };

  it('takes an ID photo of at least 600 × 400, in either orientation', async () => {
    expect(await reasonOf(passport(page('p.jpg', jpeg(600, 400))))).toBe('approved');
    expect(await reasonOf(passport(page('p.jpg', jpeg(400, 600))))).toBe('approved');
    expect(await reasonOf(passport(page('p.jpg', jpeg(599, 400))))).toBe(
      'The photo is too small (599 × 400 pixels). Take a new photo of at least 600 × 400 pixels, with the document filling the frame.',
    );
    expect(await reasonOf(passport(page('p.jpg', jpeg(800, 399))))).toContain('too small');
  });

  it('refuses a type the document does not take, and what inspection refused', async () => {
    expect(await reasonOf(passport(page('p.pdf', pdf(1))))).toContain(
      'This kind of file is not accepted for this document.',
    );
    const refused = (
      reason: 'type' | 'image-too-large' | 'unreadable' | 'too-complex',
    ): StoredFile => ({
      status: 'stored',
      sizeBytes: 10,
      inspection: { ok: false, reason },
    });
    expect(await reasonOf(passport(page('p.jpg', refused('type'))))).toContain('not accepted');
    expect(await reasonOf(passport(page('p.jpg', refused('image-too-large'))))).toContain(
      'The photo is too large to check.',
    );
    expect(await reasonOf(passport(page('p.jpg', refused('unreadable'))))).toContain(
      'We could not open a file.',
    );
    // A PDF over its parsing budget (issue 28, S4): refused with what to do instead.
    expect(await reasonOf(statement(page('s.pdf', refused('too-complex'))))).toBe(
      'A PDF is too complex to check. Upload a photo of each page, or save the PDF again with "Print to PDF" and upload that.',
    );
  });

  it('refuses a file over 10 MB', async () => {
    expect(await reasonOf(passport(page('p.jpg', jpeg(1200, 800, 10 * 1024 * 1024 + 1))))).toBe(
      'A file is larger than 10 MB. Upload a smaller photo or PDF.',
    );
  });

  it('counts the pages: files within the type’s bounds, a PDF of at most 30 pages', async () => {
    expect(await reasonOf(passport(page('a.jpg'), page('b.jpg', jpeg(1200, 800), 2)))).toBe(
      'This document takes 1 to 1 files. Upload it again with every page.',
    );
    expect(await reasonOf(statement(page('s.pdf', pdf(MAX_PDF_PAGES))))).toBe('approved');
    expect(await reasonOf(statement(page('s.pdf', pdf(MAX_PDF_PAGES + 1))))).toBe(
      'The PDF has too many pages. Upload only the pages with your details, at most 30.',
    );
    expect(await reasonOf(statement(page('s.pdf', pdf(0))))).toContain('We could not open');
  });

  it('gives a person a file that is gone or not the one handed in', async () => {
    expect(await review(passport(page('p.jpg', { status: 'missing' })))).toEqual({
      status: 'review-required',
      note: 'page 1 is missing from storage',
    });
    expect(await review(passport(page('p.jpg', { status: 'changed' })))).toEqual({
      status: 'review-required',
      note: 'page 1 is not the file that was handed in',
    });
  });
});

describe('details from an ID’s file name', () => {
  it('reads given, middle and family names and a real date', () => {
    expect(detailsFromFileName('passport--jane-doe--1990-05-12.jpg')).toEqual({
      name: 'Jane',
      secondName: null,
      thirdName: 'Doe',
      birthDate: '1990-05-12',
    });
    expect(detailsFromFileName('id-front--JOSÉ-maría-garcía-lópez--1985-02-28.png')).toEqual({
      name: 'José',
      secondName: 'María García',
      thirdName: 'López',
      birthDate: '1985-02-28',
    });
    expect(detailsFromFileName('jane-doe--2000-01-31--front.webp')?.birthDate).toBe('2000-01-31');
  });

  it('reads nothing from other names, one-word names or impossible dates', () => {
    expect(detailsFromFileName('passport.jpg')).toBeNull();
    expect(detailsFromFileName('passport--jane--1990-05-12.jpg')).toBeNull();
    expect(detailsFromFileName('passport--jane-doe--1990-02-30.jpg')).toBeNull();
    expect(detailsFromFileName('passport--jane-doe--1990-5-12.jpg')).toBeNull();
    expect(detailsFromFileName('passport--jane2-doe--1990-05-12.jpg')).toBeNull();
  });

  it('takes the first page that carries details, else the profile', () => {
    expect(readIdentityDetails(['front.jpg', 'back--ann-lee--1970-07-07.jpg'], profile)).toEqual({
      name: 'Ann',
      secondName: null,
      thirdName: 'Lee',
      birthDate: '1970-07-07',
    });
    expect(readIdentityDetails(['front.jpg'], profile)).toBe(profile);
  });
});
