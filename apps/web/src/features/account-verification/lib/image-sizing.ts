/** The longest side a photo is sent at: enough to read an ID, a fraction of a phone photo. */
export const MAX_IMAGE_SIDE = 2400;
/** The JPEG quality a made-smaller photo is encoded at. */
export const JPEG_QUALITY = 0.85;

export interface Size {
  width: number;
  height: number;
}

/**
 * The size an image is sent at: its own when its longest side is within `maxSide`, else
 * scaled down to it, keeping its shape. Never scaled up; never below 1 pixel.
 */
export function scaledSize({ width, height }: Size, maxSide: number = MAX_IMAGE_SIDE): Size {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The file's name with another extension ("IMG_0042.png" → "IMG_0042.jpg"). */
export function renamed(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base}.${extension}`;
}
