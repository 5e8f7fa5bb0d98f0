import type { DocumentFileType } from '@corridor/contracts';
import { fitsSizeLimit, isImageType } from './file-checks';
import { JPEG_QUALITY, renamed, scaledSize, type Size } from './image-sizing';

/** A file as it is sent: the chosen one, or a smaller JPEG made from it. */
export interface PreparedFile {
  file: File;
  type: DocumentFileType;
}

/** The preparation failed: the image could not be read, or is still too large. */
export class PrepareError extends Error {
  constructor(readonly reason: 'unreadable' | 'too-large') {
    super(`The file could not be prepared (${reason})`);
  }
}

/** Decoding and encoding images; the browser's by default, a stand-in in tests. */
export interface Imaging {
  decode(file: File): Promise<Size & { close(): void; source: CanvasImageSource }>;
  encode(source: CanvasImageSource, size: Size, quality: number): Promise<Blob>;
}

export const browserImaging: Imaging = {
  async decode(file) {
    // Applies the photo's EXIF orientation, so a phone photo is the right way up.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return {
      width: bitmap.width,
      height: bitmap.height,
      close: () => bitmap.close(),
      source: bitmap,
    };
  },
  encode(source, { width, height }, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (context === null) return Promise.reject(new PrepareError('unreadable'));
    context.drawImage(source, 0, 0, width, height);
    return new Promise((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob === null ? reject(new PrepareError('unreadable')) : resolve(blob)),
        'image/jpeg',
        quality,
      ),
    );
  },
};

/**
 * Makes a large photo small enough to send (a 12 MB phone photo becomes a JPEG of about 1 MB,
 * 2,400 px on its longest side), so it goes through the 10 MB limit quickly on a phone's
 * connection; re-encoding also drops the photo's EXIF data (its location). A PDF, and an image
 * already within bounds, go as they are. An image the browser cannot read goes as it is when
 * it fits (the server judges it), and is refused when it does not.
 */
export async function prepareFile(
  file: File,
  type: DocumentFileType,
  allowed: readonly DocumentFileType[],
  imaging: Imaging = browserImaging,
): Promise<PreparedFile> {
  const original = { file, type };
  if (!isImageType(type) || !allowed.includes('image/jpeg')) {
    if (!fitsSizeLimit(file.size)) throw new PrepareError('too-large');
    return original;
  }
  let image;
  try {
    image = await imaging.decode(file);
  } catch {
    if (fitsSizeLimit(file.size)) return original;
    throw new PrepareError('unreadable');
  }
  try {
    const size = scaledSize(image);
    const resized = size.width !== image.width || size.height !== image.height;
    if (!resized && fitsSizeLimit(file.size)) return original;
    const blob = await imaging.encode(image.source, size, JPEG_QUALITY);
    if (!fitsSizeLimit(blob.size)) throw new PrepareError('too-large');
    const jpeg = new File([blob], renamed(file.name, 'jpg'), { type: 'image/jpeg' });
    return { file: jpeg, type: 'image/jpeg' };
  } finally {
    image.close();
  }
}
