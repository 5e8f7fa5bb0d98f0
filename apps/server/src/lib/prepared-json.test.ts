import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './prepared-json.ts';

describe('preferredEncoding', () => {
  it('takes the accepted coding with the highest weight, brotli on a tie (RFC 9110 §12.5.3)', () => {
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('')).toBe('identity');
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0.1, gzip')).toBe('gzip');
    expect(preferredEncoding('BR ; q=1')).toBe('br');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding('br;q=nonsense, gzip')).toBe('gzip');
  });

  it('answers a header seen before as it did the first time, past the headers it keeps', () => {
    const headers = Array.from({ length: 200 }, (_, n) =>
      n % 2 === 0 ? `gzip;q=0.${(n % 9) + 1}, br;q=0.${9 - (n % 9)}, x-${n}` : `gzip, x-${n}`,
    );
    const first = headers.map(preferredEncoding);
    expect(headers.map(preferredEncoding)).toEqual(first);
    expect(first[1]).toBe('gzip');
    expect(preferredEncoding('gzip;q=0.1, br;q=0.9, x-0')).toBe('br');
    expect(preferredEncoding('gzip;q=0.9, br;q=0.1')).toBe('gzip');
  });
});
