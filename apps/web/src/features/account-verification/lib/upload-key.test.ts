import { describe, expect, it } from 'vitest';
import { createUploadKeys } from './upload-key';

describe('createUploadKeys', () => {
  it('keeps the key for the same pages (a retry) and makes a new one for other pages', () => {
    const keys = createUploadKeys();
    const first = keys.keyFor(['documents/a', 'documents/b']);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys.keyFor(['documents/a', 'documents/b'])).toBe(first);
    expect(keys.keyFor(['documents/a'])).not.toBe(first);
  });
});
