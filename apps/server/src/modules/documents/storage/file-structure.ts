import zlib from 'node:zlib';

/**
 * Whole-file structure walks (issue 28, S3; decision 0032): a file is what its first bytes say
 * from its first byte to its last. Each walk follows the format's own framing to its end marker
 * and refuses a file cut short, a frame that runs past the end, and any byte after the end
 * (a JPEG head followed by megabytes of anything, a PNG with an archive behind IEND). Linear,
 * with native searches and checksums: a 10 MB file takes a few milliseconds.
 */

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const JPEG = { SOI: 0xd8, EOI: 0xd9, SOS: 0xda, TEM: 0x01, RST0: 0xd0, RST7: 0xd7 } as const;
const isRestart = (marker: number) => marker >= JPEG.RST0 && marker <= JPEG.RST7;

/**
 * Where the entropy-coded data that starts at `from` ends: the first 0xFF that is neither a
 * stuffed byte (FF 00) nor a restart marker. -1 when the file ends first (a cut-off upload).
 */
function endOfScan(bytes: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const mark = bytes.indexOf(0xff, at);
    const next = bytes[mark + 1];
    if (mark < 0 || next === undefined) return -1;
    if (next !== 0x00 && !isRestart(next)) return mark;
    at = mark + 2;
  }
}

/**
 * A JPEG: SOI, marker segments each inside the file, every scan's data up to the next marker,
 * and EOI as the very last two bytes, after at least one scan.
 */
export function isWholeJpeg(bytes: Uint8Array): boolean {
  const b = asBuffer(bytes);
  if (b.length < 4 || b[0] !== 0xff || b[1] !== JPEG.SOI) return false;
  let at = 2;
  let scans = 0;
  while (at < b.length) {
    if (b[at] !== 0xff) return false;
    while (b[at] === 0xff) at += 1; // fill bytes may precede any marker
    const marker = b[at];
    at += 1;
    if (marker === undefined) return false;
    if (marker === JPEG.EOI) return scans > 0 && at === b.length;
    // Standalone markers that never stand between segments, and a second image start.
    if (marker === 0x00 || marker === JPEG.SOI || marker === JPEG.TEM || isRestart(marker)) {
      return false;
    }
    if (at + 2 > b.length) return false;
    const length = b.readUInt16BE(at);
    if (length < 2 || at + length > b.length) return false;
    at += length;
    if (marker === JPEG.SOS) {
      at = endOfScan(b, at);
      if (at < 0) return false;
      scans += 1;
    }
  }
  return false;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_CHUNK_TYPE = /^[A-Za-z]{4}$/;

/**
 * A PNG: the signature, IHDR first, every chunk inside the file with its CRC right, at least one
 * IDAT, and IEND as the last chunk with nothing after it.
 */
export function isWholePng(bytes: Uint8Array): boolean {
  const b = asBuffer(bytes);
  if (b.length < PNG_SIGNATURE.length || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let at = PNG_SIGNATURE.length;
  let chunks = 0;
  let imageData = false;
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > b.length) return false;
    const type = b.toString('latin1', at + 4, at + 8);
    if (!PNG_CHUNK_TYPE.test(type)) return false;
    if (zlib.crc32(b.subarray(at + 4, at + 8 + length)) !== b.readUInt32BE(at + 8 + length)) {
      return false;
    }
    if ((chunks === 0) !== (type === 'IHDR')) return false;
    chunks += 1;
    if (type === 'IDAT') imageData = true;
    if (type === 'IEND') return imageData && end === b.length;
    at = end;
  }
  return false;
}

/**
 * A WebP: a RIFF whose size counts exactly the bytes that follow it, filled with chunks each
 * inside it (an odd-sized chunk padded to even), nothing after it.
 */
export function isWholeWebp(bytes: Uint8Array): boolean {
  const b = asBuffer(bytes);
  if (b.length < 20 || b.toString('latin1', 0, 4) !== 'RIFF') return false;
  if (b.toString('latin1', 8, 12) !== 'WEBP' || b.readUInt32LE(4) + 8 !== b.length) return false;
  let at = 12;
  while (at < b.length) {
    if (at + 8 > b.length) return false;
    const size = b.readUInt32LE(at + 4);
    at += 8 + size + (size & 1);
    if (at > b.length) return false;
  }
  return true;
}

/** How far from the end a PDF reader looks for `%%EOF`. */
const PDF_TAIL = 1024;
const PDF_WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/**
 * A PDF's end: `%%EOF` in its last kilobyte, followed by white space only. What comes before it
 * is the parser's to judge (pdf-worker.mjs reads every object).
 */
export function pdfEndsCleanly(bytes: Uint8Array): boolean {
  const b = asBuffer(bytes);
  const eof = b.lastIndexOf('%%EOF');
  if (eof < 0 || b.length - eof > PDF_TAIL) return false;
  return b.subarray(eof + 5).every((byte) => PDF_WHITESPACE.has(byte));
}
