import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cryptoRandom, type RandomSource } from '../../../lib/random.ts';
import { customerOfKey, isObjectKey, newObjectKey, OBJECT_KEY_PATTERN } from './object-key.ts';

const customerId = crypto.randomUUID();

describe('newObjectKey', () => {
  it('makes documents/{customerId}/{uuid}.{ext} from the accepted type, never from a name', () => {
    expect(newObjectKey(customerId, 'image/jpeg', cryptoRandom)).toMatch(
      new RegExp(`^documents/${customerId}/[0-9a-f-]{36}\\.jpg$`),
    );
    expect(newObjectKey(customerId, 'image/png', cryptoRandom)).toMatch(/\.png$/);
    expect(newObjectKey(customerId, 'image/webp', cryptoRandom)).toMatch(/\.webp$/);
    expect(newObjectKey(customerId, 'application/pdf', cryptoRandom)).toMatch(/\.pdf$/);
    const key = newObjectKey(customerId.toUpperCase(), 'image/png', cryptoRandom);
    expect(isObjectKey(key)).toBe(true);
    expect(customerOfKey(key)).toBe(customerId);
  });

  it('gives a new key every time, from the injected random source', () => {
    const keys = new Set(
      Array.from({ length: 50 }, () => newObjectKey(customerId, 'image/png', cryptoRandom)),
    );
    expect(keys.size).toBe(50);
    const fixed: RandomSource = {
      ...cryptoRandom,
      uuid: () => '00000000-0000-4000-8000-000000000001',
    };
    expect(newObjectKey(customerId, 'application/pdf', fixed)).toBe(
      `documents/${customerId}/00000000-0000-4000-8000-000000000001.pdf`,
    );
  });

  it('refuses a customer id or a random value that would not make a key', () => {
    expect(() => newObjectKey('../../etc', 'image/png', cryptoRandom)).toThrow();
    const broken: RandomSource = { ...cryptoRandom, uuid: () => '../x' };
    expect(() => newObjectKey(customerId, 'image/png', broken)).toThrow();
  });
});

describe('OBJECT_KEY_PATTERN', () => {
  const file = crypto.randomUUID();
  it.each([
    `documents/${customerId}/../${file}.png`,
    `documents/${customerId}/${file}.png/../../x`,
    `documents/../${customerId}/${file}.png`,
    `documents/${customerId}/%2e%2e/${file}.png`,
    `documents/${customerId}\\${file}.png`,
    `documents/${customerId}/${file}.html`,
    `documents/${customerId}/${file}.PNG`,
    `documents/${customerId.toUpperCase()}/${file}.png`,
    `documents/${customerId}/${file}.png\u0000.html`,
    `/documents/${customerId}/${file}.png`,
    `documents/${customerId}/${file}.png\n`,
    `documents/${customerId}/sub/${file}.png`,
    '../../x',
    '',
  ])('refuses %j', (key) => {
    expect(OBJECT_KEY_PATTERN.test(key)).toBe(false);
    expect(customerOfKey(key)).toBeNull();
  });
});
