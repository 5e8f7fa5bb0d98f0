import { describe, expect, it } from 'vitest';
import { rateParts } from './rate-text';

describe('rateParts', () => {
  it('reads the server’s rate line, thousands and all', () => {
    expect(rateParts('1 GBP = 105.4031 INR')).toEqual({ from: 'GBP', rate: '105.4031', to: 'INR' });
    expect(rateParts('1 GBP = 1,112.31808 INR')).toEqual({
      from: 'GBP',
      rate: '1112.31808',
      to: 'INR',
    });
    expect(rateParts('1 JPY = 0.0052 GBP')).toEqual({ from: 'JPY', rate: '0.0052', to: 'GBP' });
    expect(rateParts('1 USD = 1,500 KRW')).toEqual({ from: 'USD', rate: '1500', to: 'KRW' });
  });

  it('leaves a line of another shape alone', () => {
    expect(rateParts('about 105 INR')).toBeNull();
    expect(rateParts('1 GBP = 1.2.3 INR')).toBeNull();
  });
});
