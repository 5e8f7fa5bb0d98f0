import type { DocumentFileType } from '@corridor/contracts';
import { DOCUMENT_MAX_BYTES } from '@corridor/contracts/wire/document-limits';

// What the browser can check before asking for an upload token (the server sniffs the bytes
// again): the kind of file by its type and its extension, its size and how many there are.

const byBrowserType: Readonly<Record<string, DocumentFileType>> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
  'application/pdf': 'application/pdf',
  'application/x-pdf': 'application/pdf',
};

const byExtension: Readonly<Record<string, DocumentFileType>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

const extensions: Readonly<Record<DocumentFileType, readonly string[]>> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
};

/** How each kind of file is named to the customer. */
export const fileTypeNames: Readonly<Record<DocumentFileType, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The kind of file, from what the browser says and the name's extension; null when neither is
 * one we take, or when they disagree (a page saved as "statement.pdf" that says it is HTML).
 */
export function fileTypeOf(file: Pick<File, 'name' | 'type'>): DocumentFileType | null {
  const declared = file.type === '' ? undefined : byBrowserType[file.type.toLowerCase()];
  const named = byExtension[extensionOf(file.name)];
  if (file.type !== '' && declared === undefined) return null;
  if (declared !== undefined && named !== undefined && declared !== named) return null;
  return declared ?? named ?? null;
}

export const isImageType = (type: DocumentFileType): boolean => type.startsWith('image/');

/** The file input's `accept`: each type and its extensions (some pickers go by extension). */
export function acceptAttribute(types: readonly DocumentFileType[]): string {
  return types.flatMap((type) => [type, ...extensions[type]]).join(',');
}

export type FileRefusal = 'type' | 'empty' | 'too-large';

/**
 * Why a chosen file cannot be sent, before anything is uploaded; null when it may go on. An
 * image over the limit may go on: it is made smaller first (prepare-file.ts). A PDF cannot be.
 */
export function refusalOf(
  file: Pick<File, 'name' | 'type' | 'size'>,
  allowed: readonly DocumentFileType[],
): FileRefusal | null {
  const type = fileTypeOf(file);
  if (type === null || !allowed.includes(type)) return 'type';
  if (file.size === 0) return 'empty';
  if (!isImageType(type) && file.size > DOCUMENT_MAX_BYTES) return 'too-large';
  return null;
}

/** A prepared file fits: at most DOCUMENT_MAX_BYTES (10 MB). */
export function fitsSizeLimit(size: number): boolean {
  return size > 0 && size <= DOCUMENT_MAX_BYTES;
}

/** The size limit in megabytes, as the customer is told it. */
export const MAX_MEGABYTES = Math.round(DOCUMENT_MAX_BYTES / (1024 * 1024));
