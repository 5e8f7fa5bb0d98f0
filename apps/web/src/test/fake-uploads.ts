import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest, which the upload dialog PUTs files with (for their progress):
 * it records each request, and a test moves it along (progress, answer, failure). With `auto`,
 * every PUT reports its progress and succeeds as soon as it is sent.
 */
export class FakeUploadRequest {
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  body: unknown = undefined;
  withCredentials: boolean | undefined = undefined;
  status = 0;
  aborted = false;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor(
    private readonly sent: FakeUploadRequest[],
    private readonly auto: boolean,
  ) {}

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: unknown): void {
    this.body = body;
    this.sent.push(this);
    if (this.auto) {
      setTimeout(() => {
        if (this.aborted) return;
        const size = body instanceof Blob ? body.size : 1;
        this.progress(size, size);
        this.respond(200);
      }, 0);
    }
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** Storage answers with `status`. */
  respond(status: number): void {
    this.status = status;
    this.onload?.();
  }

  /** The connection failed before any answer. */
  fail(): void {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest until `restore` (or vi.unstubAllGlobals); returns the requests sent. */
export function fakeUploads({ auto = true }: { auto?: boolean } = {}) {
  const requests: FakeUploadRequest[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeUploadRequest {
      constructor() {
        super(requests, auto);
      }
    },
  );
  return { requests, restore: () => vi.unstubAllGlobals() };
}
