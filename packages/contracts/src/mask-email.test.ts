import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('maskEmail', () => {
  it.each([
    ['ada@example.com', 'ad***@example.com'],
    ['ada.lovelace@example.com', 'ad***@example.com'],
    ['ab@example.com', 'a***@example.com'],
    ['a@example.com', 'a***@example.com'],
    ['émile@example.fr', 'ém***@example.fr'],
    ['no-at-sign', 'no***'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
