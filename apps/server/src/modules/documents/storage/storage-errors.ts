/**
 * Why storage refused to hand an object over: nothing is stored under the key, or more is
 * stored than the caller will read (a browser that lied about the size it would send).
 */
export class DocumentStorageError extends Error {
  constructor(
    readonly reason: 'missing' | 'too-large' | 'bad-key',
    message: string,
  ) {
    super(message);
    this.name = 'DocumentStorageError';
  }
}
