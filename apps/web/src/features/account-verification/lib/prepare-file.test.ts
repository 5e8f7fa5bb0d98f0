import { describe, expect, it, vi } from 'vitest';
import { PrepareError, prepareFile, type Imaging } from './prepare-file';

const MB = 1024 * 1024;
const images = ['image/jpeg', 'image/png', 'image/webp'] as const;

function photo(name: string, type: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** Images of the given size; encoding gives a JPEG of `encodedBytes`, recording its size. */
function fakeImaging(width: number, height: number, encodedBytes = 900_000) {
  const close = vi.fn();
  const encoded: { width: number; height: number; quality: number }[] = [];
  const imaging: Imaging = {
    decode: () => Promise.resolve({ width, height, close, source: {} as CanvasImageSource }),
    encode: (_source, size, quality) => {
      encoded.push({ ...size, quality });
      return Promise.resolve(new Blob([new Uint8Array(encodedBytes)], { type: 'image/jpeg' }));
    },
  };
  return { imaging, encoded, close };
}

describe('prepareFile', () => {
  it('makes a 12 MB phone photo a JPEG of 2,400 px, so it goes under the 10 MB limit', async () => {
    const { imaging, encoded, close } = fakeImaging(4032, 3024);
    const prepared = await prepareFile(
      photo('IMG_0042.png', 'image/png', 12 * MB),
      'image/png',
      images,
      imaging,
    );
    expect(encoded).toEqual([{ width: 2400, height: 1800, quality: 0.85 }]);
    expect(prepared.type).toBe('image/jpeg');
    expect(prepared.file.name).toBe('IMG_0042.jpg');
    expect(prepared.file.type).toBe('image/jpeg');
    expect(prepared.file.size).toBe(900_000);
    expect(close).toHaveBeenCalled();
  });

  it('makes a large image smaller even when its file is small', async () => {
    const { imaging, encoded } = fakeImaging(6000, 4000);
    const prepared = await prepareFile(
      photo('scan.jpg', 'image/jpeg', 2 * MB),
      'image/jpeg',
      images,
      imaging,
    );
    expect(encoded).toHaveLength(1);
    expect(prepared.file.size).toBe(900_000);
  });

  it('sends an image within bounds as it is', async () => {
    const { imaging, encoded } = fakeImaging(1600, 1200);
    const original = photo('passport.png', 'image/png', 3 * MB);
    const prepared = await prepareFile(original, 'image/png', images, imaging);
    expect(prepared).toEqual({ file: original, type: 'image/png' });
    expect(encoded).toEqual([]);
  });

  it('sends a PDF as it is, and refuses one over the limit', async () => {
    const { imaging } = fakeImaging(1, 1);
    const pdf = photo('statement.pdf', 'application/pdf', MB);
    await expect(
      prepareFile(pdf, 'application/pdf', ['application/pdf'], imaging),
    ).resolves.toEqual({
      file: pdf,
      type: 'application/pdf',
    });
    const big = photo('statement.pdf', 'application/pdf', 10 * MB + 1);
    await expect(prepareFile(big, 'application/pdf', ['application/pdf'], imaging)).rejects.toEqual(
      new PrepareError('too-large'),
    );
  });

  it('sends an image the browser cannot read as it is when it fits, for the server to judge', async () => {
    const imaging: Imaging = {
      decode: () => Promise.reject(new Error('cannot decode')),
      encode: () => Promise.reject(new Error('unused')),
    };
    const small = photo('odd.webp', 'image/webp', MB);
    await expect(prepareFile(small, 'image/webp', images, imaging)).resolves.toEqual({
      file: small,
      type: 'image/webp',
    });
    const big = photo('odd.webp', 'image/webp', 11 * MB);
    await expect(prepareFile(big, 'image/webp', images, imaging)).rejects.toEqual(
      new PrepareError('unreadable'),
    );
  });

  it('refuses a photo still over the limit once made smaller', async () => {
    const { imaging } = fakeImaging(4000, 3000, 10 * MB + 1);
    await expect(
      prepareFile(photo('huge.jpg', 'image/jpeg', 30 * MB), 'image/jpeg', images, imaging),
    ).rejects.toEqual(new PrepareError('too-large'));
  });
});
