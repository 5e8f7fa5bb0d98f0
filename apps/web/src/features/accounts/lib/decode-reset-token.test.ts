import { describe, expect, it } from 'vitest';
import { decodeResetToken } from './decode-reset-token';

/** The raw 16 bytes of a token the way the server would create one, as text. */
const token = 'k3J9-x_Q2vT8mZpA4bWc1Q';

describe('decodeResetToken', () => {
  it('decodes standard base64 with padding', () => {
    expect(decodeResetToken(btoa('token'))).toBe('token');
    expect(btoa('token')).toBe('dG9rZW4=');
  });

  it('decodes base64 without its padding (the e2e link /reset-password/dG9rZW4)', () => {
    expect(decodeResetToken('dG9rZW4')).toBe('token');
  });

  it('decodes base64url: - and _ instead of + and /, no padding', () => {
    // "??>" encodes to "Pz8+" in base64 and "Pz8-" in base64url; "???" gives "Pz8/" and "Pz8_".
    expect(decodeResetToken('Pz8-')).toBe('??>');
    expect(decodeResetToken('Pz8_')).toBe('???');
    expect(decodeResetToken('Pz8+')).toBe('??>');
    expect(decodeResetToken('Pz8/')).toBe('???');
  });

  it('round-trips a realistic token in both alphabets', () => {
    const standard = btoa(token);
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeResetToken(standard)).toBe(token);
    expect(decodeResetToken(urlSafe)).toBe(token);
  });

  it('accepts a still percent-encoded parameter', () => {
    expect(decodeResetToken('dG9rZW4%3D')).toBe('token');
  });

  it('decodes UTF-8 text', () => {
    const bytes = new TextEncoder().encode('tökén');
    const encoded = btoa(String.fromCharCode(...bytes));
    expect(decodeResetToken(encoded)).toBe('tökén');
  });

  it.each([
    ['nothing', undefined],
    ['an empty string', ''],
    ['padding only', '=='],
    ['characters outside base64', 'dG9r*ZW4'],
    ['spaces inside', 'dG9r ZW4='],
    ['an impossible length (4n+1)', 'dG9rZ'],
    ['padding in the middle', 'dG9=rZW4'],
    ['too much padding', 'dG9rZW4==='],
    ['bytes that are not UTF-8', btoa('\xff\xfe\xfd')],
    ['control characters', btoa('tok\nen')],
    ['a broken percent-escape', 'dG9rZW4%E0%A4%A'],
    ['a token longer than the server accepts', btoa('a'.repeat(257))],
  ])('gives null for %s', (_case, raw) => {
    expect(decodeResetToken(raw)).toBeNull();
  });
});
