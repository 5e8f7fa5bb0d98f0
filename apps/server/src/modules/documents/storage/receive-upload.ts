import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/** Why a body was not taken: more than allowed, or the client went away before the end. */
export class UploadBodyError extends Error {
  constructor(readonly reason: 'too-large' | 'aborted') {
    super(reason === 'too-large' ? 'the upload is over its size limit' : 'the upload was aborted');
    this.name = 'UploadBodyError';
  }
}

export interface ReceivedBody {
  size: number;
  /** The first `headBytes` of the body, for sniffing its type. */
  head: Buffer;
}

/**
 * Writes a request body into `file` as it arrives, never holding more than one chunk: a body
 * over `maxBytes` stops being written at the first byte too many, and the rest is read and
 * dropped (so the client still gets its answer) rather than kept. Each chunk is written before
 * the next is read, which is the back-pressure. The data is on disk (fdatasync) before it
 * resolves.
 */
export function receiveBody(
  source: Readable,
  file: FileHandle,
  limits: { maxBytes: number; headBytes: number },
): Promise<ReceivedBody> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const head: Buffer[] = [];
    let headSize = 0;
    let writing: Promise<unknown> = Promise.resolve();
    let done = false;

    const stop = (error: Error) => {
      if (done) return;
      done = true;
      source.off('data', onData);
      source.off('end', onEnd);
      // Drain what is still coming, so the answer can be read by the client.
      source.resume();
      void writing.catch(() => undefined).then(() => reject(error));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) {
        stop(new UploadBodyError('too-large'));
        return;
      }
      if (headSize < limits.headBytes) {
        const part = chunk.subarray(0, limits.headBytes - headSize);
        head.push(part);
        headSize += part.length;
      }
      source.pause();
      writing = file.write(chunk).then(() => void source.resume());
      writing.catch((error: unknown) => stop(error instanceof Error ? error : new Error('write')));
    };
    const onEnd = () => {
      if (done) return;
      done = true;
      writing
        .then(() => file.datasync())
        .then(() => resolve({ size, head: Buffer.concat(head) }), reject);
    };
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', () => stop(new UploadBodyError('aborted')));
    // A client that hangs up mid-body: 'close' without 'end'.
    source.once('close', () => stop(new UploadBodyError('aborted')));
  });
}
