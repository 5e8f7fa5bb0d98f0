/**
 * A request that failed: the server's answer (`status`, `data` as its parsed JSON body or
 * undefined, `headers`), or no answer at all (`status` undefined: offline, DNS, CORS refusal).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number | undefined;
  readonly data: unknown;
  readonly headers: Headers;

  constructor(
    message: string,
    answer: { status?: number; data?: unknown; headers?: Headers },
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.status = answer.status;
    this.data = answer.data;
    this.headers = answer.headers ?? new Headers();
  }
}
