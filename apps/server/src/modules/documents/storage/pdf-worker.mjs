// Reads PDFs off the server's event loop (issue 28, S4; decision 0032): a worker thread that
// pdf-reading.ts keeps warm and hands one file at a time, within a memory limit, and ends when a
// file's time is up. Plain JavaScript, so it loads the same way under tsx (npm start, dev),
// vitest and bare node.
// In: a message `{ bytes: Uint8Array, maxObjects: number }`.
// Out: for each, `{ outcome: 'read', pages }`, `{ outcome: 'unreadable' }` or
// `{ outcome: 'too-complex' }`.
import { parentPort } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';

/** An indirect object's header, `12 0 obj`: what the parser will build one object for. */
const OBJECT_HEADER = /\d+\s+\d+\s+obj\b/g;

/** Whether the file declares more than `max` objects, counted before anything is parsed. */
function tooManyObjects(bytes, max) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let count = 0;
  OBJECT_HEADER.lastIndex = 0;
  while (OBJECT_HEADER.exec(text) !== null) {
    count += 1;
    if (count > max) return true;
  }
  return false;
}

/** Every object parsed; not encrypted; one page or more. */
async function pageCount(bytes) {
  try {
    const pdf = await PDFDocument.load(bytes, {
      ignoreEncryption: false,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
    const pages = pdf.getPageCount();
    return pages > 0 ? pages : null;
  } catch {
    return null;
  }
}

async function read({ bytes, maxObjects }) {
  if (tooManyObjects(bytes, maxObjects)) return { outcome: 'too-complex' };
  const pages = await pageCount(bytes);
  return pages === null ? { outcome: 'unreadable' } : { outcome: 'read', pages };
}

parentPort?.on('message', async (file) => parentPort?.postMessage(await read(file)));
