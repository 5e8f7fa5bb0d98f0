import { documentFileTypes, type DocumentFileType } from '@corridor/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { isWholeJpeg, isWholePng, isWholeWebp, pdfEndsCleanly } from './file-structure.ts';
import { PDF_BUDGET, readPdf, type PdfBudget } from './pdf-reading.ts';

/**
 * Image limits (security checklist C44, ASVS 5.2.6). A page is a phone photo or a scan: an A4
 * page scanned at 600 dpi is 4,960 × 7,016 (34.8 MP) and an A3 one 7,016 × 9,921, phones take
 * 12–24 MP by default, and the web app shrinks anything bigger before it uploads. Past that, a
 * picture only costs memory: 40 MP decode to 160 MB of RGBA, which is as much as one page may
 * make a reviewer's tool (or ours) allocate; a 20,000 × 20,000 PNG of a few KB would want 1.6 GB.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** No real page is this long on a side; very thin, very long images are decoder traps. */
export const MAX_IMAGE_SIDE = 12_000;
/** What file-type needs to recognise every allowed type from the start of a file. */
export const SNIFF_BYTES = 4100;

export type InspectionResult =
  | { ok: true; type: DocumentFileType; width?: number; height?: number; pages?: number }
  /** 'too-complex': a PDF over its parsing budget (pdf-reading.ts). */
  | { ok: false; reason: 'type' | 'image-too-large' | 'unreadable' | 'too-complex' };

/**
 * Markup a browser would take for a page if it ever read the file as one (HTML, SVG): the upload
 * PUT looks for it in the first kilobyte, the inspection in every byte (issue 28, S5: a COM
 * segment, EXIF, a PNG text chunk, a PDF stream, pixel data), so a JPEG, PNG or PDF that is also
 * a web page (a polyglot) is never accepted, whatever it starts with. A tag counts only when a
 * space, `/` or `>` follows its name: compressed pixels are random bytes, and this keeps a chance
 * match under about one in a thousand 10 MB photos (decision 0032).
 */
const MARKUP =
  /<(?:script|html|!doctype\s+html|svg|iframe|body|head|object|embed|meta|link|style|\?xml-stylesheet)[\s/>]/i;
const MARKUP_WINDOW = 1024;
/** A ZIP's end-of-central-directory record lies in the last 65,557 bytes: an archive inside. */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP_END_WINDOW = 22 + 65_535;

const isDocumentFileType = (mime: string | undefined): mime is DocumentFileType =>
  (documentFileTypes as readonly string[]).includes(mime ?? '');

function startsWith(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.subarray(0, text.length)).toString('latin1') === text;
}

function hasMarkup(bytes: Uint8Array, window = bytes.length): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return MARKUP.test(buffer.toString('latin1', 0, window));
}

function hasArchiveInside(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.subarray(Math.max(0, buffer.length - ZIP_END_WINDOW)).includes(ZIP_END);
}

/**
 * The allowed type the first bytes show (magic bytes, never a name or a declared type), or
 * null: unknown, another type (SVG, HTML, GIF, an archive, an animated PNG…), or markup inside.
 * The whole file when there is one; at least SNIFF_BYTES otherwise.
 */
export async function sniffDocumentType(bytes: Uint8Array): Promise<DocumentFileType | null> {
  if (bytes.length === 0 || hasMarkup(bytes, MARKUP_WINDOW)) return null;
  const found = await fileTypeFromBuffer(bytes);
  if (!isDocumentFileType(found?.mime)) return null;
  // file-type also takes a PDF whose header is not at byte 0; ours must start with it.
  if (found.mime === 'application/pdf' && !startsWith(bytes, '%PDF-')) return null;
  return found.mime;
}

const SIZE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** Whether the file is whole (file-structure.ts): a cut-off upload or trailing bytes are unreadable. */
const IS_WHOLE = { 'image/jpeg': isWholeJpeg, 'image/png': isWholePng, 'image/webp': isWholeWebp };

function imageDimensions(
  bytes: Uint8Array,
  type: keyof typeof SIZE_TYPES,
): { width: number; height: number } | null {
  try {
    const size = imageSize(bytes);
    if (size.type !== SIZE_TYPES[type] || !size.width || !size.height) return null;
    return IS_WHOLE[type](bytes) ? { width: size.width, height: size.height } : null;
  } catch {
    return null;
  }
}

/**
 * What a stored file really is (security checklist C44; decision 0032): its type by content, one
 * of `allowed`; whole, from its first byte to its last, with no markup anywhere in it; a PDF
 * readable within `pdfBudget` (parsed off the event loop), with its page count; an image with its
 * dimensions, within the limits above. SVG, HTML, archives and files that are two things at once
 * are refused as 'type'. The size limit is the caller's (storage `stat`), before the bytes are
 * ever read.
 */
export async function inspectDocumentFile(
  bytes: Uint8Array,
  allowed: readonly DocumentFileType[],
  pdfBudget: PdfBudget = PDF_BUDGET,
): Promise<InspectionResult> {
  if (bytes.length === 0) return { ok: false, reason: 'unreadable' };
  const type = await sniffDocumentType(bytes);
  if (!type || !allowed.includes(type) || hasArchiveInside(bytes) || hasMarkup(bytes)) {
    return { ok: false, reason: 'type' };
  }
  if (type === 'application/pdf') {
    if (!pdfEndsCleanly(bytes)) return { ok: false, reason: 'unreadable' };
    const read = await readPdf(bytes, pdfBudget);
    return read.ok ? { ok: true, type, pages: read.pages } : read;
  }
  const size = imageDimensions(bytes, type);
  if (!size) return { ok: false, reason: 'unreadable' };
  if (
    size.width > MAX_IMAGE_SIDE ||
    size.height > MAX_IMAGE_SIDE ||
    size.width * size.height > MAX_IMAGE_PIXELS
  ) {
    return { ok: false, reason: 'image-too-large' };
  }
  return { ok: true, type, width: size.width, height: size.height };
}
