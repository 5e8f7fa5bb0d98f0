import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_LENGTH, isSafeRedirect, safeRedirect } from './safe-redirect';

describe('isSafeRedirect', () => {
  it.each([
    '/',
    '/dashboard',
    '/transactions?page=2&sort=desc',
    '/transaction/8c1f#timeline',
    '/recipient/a%2Fb',
    '/path/with\\backslash-later',
    `/${'a'.repeat(MAX_REDIRECT_LENGTH - 1)}`,
  ])('accepts the same-site path %s', (value) => {
    expect(isSafeRedirect(value)).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['a relative path', 'dashboard'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/dashboard'],
    ['a backslash variant', '/\\evil.example'],
    ['a tab that browsers strip', '/\t/evil.example'],
    ['a line feed', '/dashboard\nSet-Cookie: x'],
    ['a carriage return', '/dashboard\r'],
    ['a NUL', '/dash\u0000board'],
    ['DEL', '/dash\u007fboard'],
    ['a C1 control', '/dash\u0085board'],
    ['a path over 2048 characters', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
  ])('rejects %s', (_case, value) => {
    expect(isSafeRedirect(value)).toBe(false);
  });

  it.each([null, undefined, 42, ['/dashboard'], { path: '/' }])(
    'rejects a non-string %j',
    (value) => {
      expect(isSafeRedirect(value)).toBe(false);
    },
  );
});

describe('safeRedirect', () => {
  it('keeps a safe path', () => {
    expect(safeRedirect('/recipients?q=ada', '/dashboard')).toBe('/recipients?q=ada');
  });

  it('falls back for an unsafe or missing value', () => {
    expect(safeRedirect('//evil.example', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect(null, '/dashboard')).toBe('/dashboard');
  });
});
