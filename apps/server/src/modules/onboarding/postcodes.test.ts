import { customerSchema } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/clock.ts';
import { onboardingTestFile, updateAttributes } from '../../test/onboarding-customers.ts';
import { normalisePostcode } from './postcodes.ts';

const { signUpIn } = onboardingTestFile({
  clock: new TestClock(),
  block: 40,
  emailPrefix: 'postcodes',
});

describe('defect 25: postcodes are saved as the post office writes them', () => {
  it('defect 25: splits UK, Canadian and Irish postcodes before their last part', () => {
    expect(normalisePostcode('sw1a1aa', 'GB')).toBe('SW1A 1AA');
    expect(normalisePostcode('  m1   1ae ', 'GB')).toBe('M1 1AE');
    expect(normalisePostcode('gir0aa', 'GB')).toBe('GIR 0AA');
    expect(normalisePostcode('SW1A 1AA', 'GB')).toBe('SW1A 1AA');
    expect(normalisePostcode('k1a0b1', 'CA')).toBe('K1A 0B1');
    expect(normalisePostcode('d02x285', 'IE')).toBe('D02 X285');
  });

  it('defect 25: elsewhere upper-cases and keeps single spaces', () => {
    expect(normalisePostcode('94105-1234', 'US')).toBe('94105-1234');
    expect(normalisePostcode('2000', 'AU')).toBe('2000');
    expect(normalisePostcode('75  008', 'FR')).toBe('75 008');
    expect(normalisePostcode('ab 12 cd', 'NG')).toBe('AB 12 CD');
  });

  it('defect 25: "sw1a1aa" saved through the API reads back as "SW1A 1AA"', async () => {
    const { browser } = await signUpIn('GB');
    const response = await updateAttributes(browser, 'address', {
      address: { address_line_1: '10 Downing Street', city: 'London', postcode: 'sw1a1aa' },
    });
    expect(response.statusCode).toBe(200);
    const customer = customerSchema.parse(response.json());
    expect(customer.address?.postcode).toBe('SW1A 1AA');
    expect(customer.attributes.find((a) => a.attribute === 'address.postcode')?.value).toBe(
      'SW1A 1AA',
    );
  });

  it('defect 25: a Canadian postcode typed without its space is saved with it', async () => {
    const { browser } = await signUpIn('CA');
    const response = await updateAttributes(browser, 'address', {
      address: { postcode: 'k1a0b1' },
    });
    expect(response.statusCode).toBe(200);
    expect(customerSchema.parse(response.json()).address?.postcode).toBe('K1A 0B1');
  });
});
