import { describe, expect, it } from 'vitest';
import { checkMobileNumber } from './mobile-number.ts';

describe('mobile numbers of the wallet and pickup countries', () => {
  it.each([
    ['PH', '0917 123 4567', '+639171234567', '9171234567'],
    ['PH', '+63 917 123 4567', '+639171234567', '9171234567'],
    ['KE', '0712 345678', '+254712345678', '712345678'],
    ['GH', '024 412 3456', '+233244123456', '244123456'],
    ['BD', '01712-345678', '+8801712345678', '1712345678'],
    ['NP', '984-1234567', '+9779841234567', '9841234567'],
    ['PK', '0300 1234567', '+923001234567', '3001234567'],
    ['MX', '55 1234 5678', '+525512345678', '5512345678'],
    ['IN', '98765 43210', '+919876543210', '9876543210'],
    ['NG', '0803 123 4567', '+2348031234567', '8031234567'],
    ['VN', '091 234 5678', '+84912345678', '912345678'],
  ])('%s: accepts %s', (country, input, e164, nationalNumber) => {
    expect(checkMobileNumber(input, country)).toEqual({ ok: true, e164, nationalNumber });
  });

  it('refuses landlines where the plan tells them apart', () => {
    expect(checkMobileNumber('02 8123 4567', 'PH')).toEqual({ ok: false }); // Manila landline
    expect(checkMobileNumber('020 2222222', 'KE')).toEqual({ ok: false }); // Nairobi landline
    expect(checkMobileNumber('030 2123456', 'GH')).toEqual({ ok: false }); // Accra landline
  });

  it("refuses another country's number and nonsense", () => {
    expect(checkMobileNumber('+254712345678', 'PH')).toEqual({ ok: false });
    expect(checkMobileNumber('0917 123', 'PH')).toEqual({ ok: false });
    expect(checkMobileNumber('not a number', 'KE')).toEqual({ ok: false });
    expect(checkMobileNumber('', 'KE')).toEqual({ ok: false });
  });
});
