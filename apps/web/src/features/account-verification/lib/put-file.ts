/** Why a PUT to storage failed. */
export class PutError extends Error {
  constructor(
    readonly reason: 'refused' | 'network' | 'aborted',
    readonly status?: number,
  ) {
    super(`The upload failed (${reason}${status === undefined ? '' : ` ${status}`})`);
  }
}

export interface PutFileInput {
  /** The signed URL (the upload token). */
  url: string;
  /** Sent exactly as given: they are part of the signature. */
  headers: Readonly<Record<string, string>>;
  body: Blob;
  /** Called with the share sent so far, from 0 to 1. */
  onProgress: (sent: number) => void;
  signal?: AbortSignal;
}

/**
 * PUTs a file to a signed storage URL with XMLHttpRequest, the one browser API that reports
 * upload progress. No cookies go with it: the signature is the permission, and storage on
 * another origin must not see the session.
 */
export function putFile({ url, headers, body, onProgress, signal }: PutFileInput): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new PutError('aborted'));
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const settle = (error?: PutError) => {
      signal?.removeEventListener('abort', abort);
      if (error === undefined) resolve();
      else reject(error);
    };
    request.open('PUT', url);
    request.withCredentials = false;
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) settle();
      else settle(new PutError('refused', request.status));
    };
    request.onerror = () => settle(new PutError('network'));
    request.ontimeout = () => settle(new PutError('network'));
    request.onabort = () => settle(new PutError('aborted'));
    signal?.addEventListener('abort', abort, { once: true });
    request.send(body);
  });
}
