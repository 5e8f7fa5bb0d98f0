import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_SIDE, renamed, scaledSize } from './image-sizing';

describe('scaledSize', () => {
  it('scales a 12-megapixel phone photo to 2,400 px on its longest side, keeping its shape', () => {
    expect(scaledSize({ width: 4032, height: 3024 })).toEqual({ width: 2400, height: 1800 });
    expect(scaledSize({ width: 3024, height: 4032 })).toEqual({ width: 1800, height: 2400 });
  });

  it('leaves an image within bounds as it is, and never scales up', () => {
    expect(scaledSize({ width: MAX_IMAGE_SIDE, height: 1000 })).toEqual({
      width: MAX_IMAGE_SIDE,
      height: 1000,
    });
    expect(scaledSize({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
  });

  it('rounds, and keeps a very thin image at least a pixel wide', () => {
    expect(scaledSize({ width: 5000, height: 3 })).toEqual({ width: 2400, height: 1 });
    expect(scaledSize({ width: 3001, height: 2001 }, 1500)).toEqual({ width: 1500, height: 1000 });
  });
});

describe('renamed', () => {
  it('changes the extension, or adds one', () => {
    expect(renamed('IMG_0042.PNG', 'jpg')).toBe('IMG_0042.jpg');
    expect(renamed('passport--jane-doe--1990-05-12.webp', 'jpg')).toBe(
      'passport--jane-doe--1990-05-12.jpg',
    );
    expect(renamed('scan', 'jpg')).toBe('scan.jpg');
    expect(renamed('.hidden', 'jpg')).toBe('.hidden.jpg');
  });
});
