import { describe, expect, it } from 'vitest';
import { acceptAttribute, fileTypeOf, fitsSizeLimit, refusalOf } from './file-checks';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });
const images = ['image/jpeg', 'image/png', 'image/webp'] as const;
const imagesAndPdf = [...images, 'application/pdf'] as const;

describe('fileTypeOf', () => {
  it.each([
    ['photo.JPG', 'image/jpeg', 'image/jpeg'],
    ['photo.jpeg', '', 'image/jpeg'],
    ['scan.png', 'image/png', 'image/png'],
    ['scan.webp', 'image/webp', 'image/webp'],
    ['statement.pdf', 'application/pdf', 'application/pdf'],
    ['statement', 'application/pdf', 'application/pdf'],
  ])('%s (%s) is %s', (name, type, expected) => {
    expect(fileTypeOf(file(name, type))).toBe(expected);
  });

  it.each([
    ['page.html', 'text/html'],
    ['statement.pdf', 'text/html'],
    ['photo.heic', 'image/heic'],
    ['image.svg', 'image/svg+xml'],
    ['notes', ''],
    ['photo.png', 'image/jpeg'],
  ])('refuses %s (%s): not a kind we take, or type and name disagree', (name, type) => {
    expect(fileTypeOf(file(name, type))).toBeNull();
  });
});

describe('refusalOf', () => {
  it('takes a file of an allowed kind', () => {
    expect(refusalOf(file('statement.pdf', 'application/pdf'), imagesAndPdf)).toBeNull();
  });

  it('refuses a kind the document type does not take (a PDF for an ID photo)', () => {
    expect(refusalOf(file('id.pdf', 'application/pdf'), images)).toBe('type');
  });

  it('refuses an empty file', () => {
    expect(refusalOf(file('empty.png', 'image/png', 0), images)).toBe('empty');
  });

  it('refuses a PDF over 10 MB, which cannot be made smaller', () => {
    expect(refusalOf(file('big.pdf', 'application/pdf', 10 * MB + 1), imagesAndPdf)).toBe(
      'too-large',
    );
    expect(refusalOf(file('fits.pdf', 'application/pdf', 10 * MB), imagesAndPdf)).toBeNull();
  });

  it('lets a photo over 10 MB go on, to be made smaller first', () => {
    expect(refusalOf(file('phone.jpg', 'image/jpeg', 12 * MB), images)).toBeNull();
  });
});

describe('fitsSizeLimit', () => {
  it('is 1 byte to 10 MB', () => {
    expect(fitsSizeLimit(0)).toBe(false);
    expect(fitsSizeLimit(1)).toBe(true);
    expect(fitsSizeLimit(10 * MB)).toBe(true);
    expect(fitsSizeLimit(10 * MB + 1)).toBe(false);
  });
});

describe('acceptAttribute', () => {
  it('names each type and its extensions', () => {
    expect(acceptAttribute(['image/jpeg', 'application/pdf'])).toBe(
      'image/jpeg,.jpg,.jpeg,application/pdf,.pdf',
    );
  });
});
