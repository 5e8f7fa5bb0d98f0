import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import {
  channelFor,
  optionById,
  payoutChannels,
  subDeliveryOptions,
  uuidV5,
  type PayoutChannel,
} from './channels/index.ts';
import type { RecipientValidationContext } from './recipient-values.ts';
import { validateNameLookupQuery, validateRecipient } from './validate-recipient.ts';

const countryId = (iso2: string) => uuidV5(`test-country/${iso2}`);
const RELATIONSHIP = uuidV5('test-relationship/SIBLING');
const context: RecipientValidationContext = {
  countryIso2Of: (id) =>
    ['IN', 'PH', 'NG', 'KE', 'PK', 'MX', 'BD', 'NP', 'GH', 'VN', 'GB'].find(
      (iso2) => countryId(iso2) === id,
    ) ?? null,
  isRelationship: (id) => id === RELATIONSHIP,
};

function channel(country: string, method = 'BANK-ACCOUNT'): PayoutChannel {
  const found = payoutChannels().find((c) => c.country === country && c.method === method);
  if (!found) throw new Error(`no channel ${country} ${method}`);
  return found;
}

/** The id of a channel attribute's option by its code. */
function optionId(c: PayoutChannel, attribute: string, code: string): string {
  const option = c.attributes
    .find((a) => a.attribute === attribute)
    ?.options.find((o) => o.code === code);
  if (!option) throw new Error(`no ${code} in ${attribute}`);
  return option.id;
}
const branchId = (bankId: string, code: string) =>
  subDeliveryOptions(bankId)?.find((branch) => branch.code === code)?.id;

const person = { name: 'Asha', third_name: 'Rao', relationship_id: RELATIONSHIP };
const mobile = (country: string, number: string) => ({ country: countryId(country), number });

/** A realistic body for every bank channel. */
function bankBody(c: PayoutChannel): Record<string, unknown> {
  const base = { ...person, recipient_type: 'individual', bank: '' };
  const account = (bank: string, number: string) => ({
    ...base,
    bank: optionId(c, 'bank', bank),
    account_number: number,
    confirm_account_number: number,
  });
  const withBranch = (bank: string, branch: string, number: string) => {
    const body = account(bank, number);
    return { ...body, branch: branchId(body.bank, branch) };
  };
  switch (c.country) {
    case 'IN':
      return { ...account('SBIN', '50100123456789'), ifsc: 'sbin0000300' };
    case 'PH':
      return account('BNORPHMM', '001234567890');
    case 'NG':
      return { ...account('058', '0123456785'), name: 'Chinedu Okafor', third_name: undefined };
    case 'KE':
      return account('EQBLKENA', '0180291234567');
    case 'PK':
      return { ...base, bank: optionId(c, 'bank', 'SCBL'), iban: 'PK36 SCBL 0000 0011 2345 6702' };
    case 'MX':
      return { ...base, bank: optionId(c, 'bank', '002'), clabe: '002010077777777771' };
    case 'BD':
      return withBranch('DBBLBDDH', 'MOTIJHEEL', '1051100012345');
    case 'NP':
      return withBranch('NARBNPKA', 'NEW-ROAD', '0010017500123456');
    case 'GH':
      return withBranch('GHCBGHAC', 'HIGH-STREET', '1011130012345');
    case 'VN':
      return account('BFTVVNVX', '0071000123456');
    case 'JP':
      return {
        ...account('0005', '1234567'),
        branch_code: '001',
        account_type: optionId(c, 'account_type', 'ORDINARY'),
      };
    default:
      return {
        ...base,
        bank: optionId(c, 'bank', '109'),
        iban: 'PL61 1090 1014 0000 0712 1981 2874',
      };
  }
}

const NUMBERS: Record<string, string> = {
  IN: '98765 43210',
  PH: '0917 123 4567',
  NG: '0803 123 4567',
  KE: '0712 345678',
  PK: '0300 1234567',
  MX: '55 1234 5678',
  BD: '01712-345678',
  NP: '984-1234567',
  GH: '024 412 3456',
  VN: '091 234 5678',
};

function sampleBody(c: PayoutChannel): Record<string, unknown> {
  if (c.method === 'BANK-ACCOUNT') return bankBody(c);
  const body = { ...person, mobile_number: mobile(c.country, NUMBERS[c.country] ?? '') };
  if (c.method === 'CASH-PICKUP') return body;
  const wallet = c.attributes.find((a) => a.attribute === 'wallet_provider')?.options[0];
  return { ...body, wallet_provider: wallet?.id };
}

const errorsOf = (c: PayoutChannel, body: Record<string, unknown>) => {
  const result = validateRecipient(c, body, context);
  return result.ok ? {} : result.errors;
};

describe.each(payoutChannels().map((c) => ({ name: `${c.country} ${c.method}`, c })))(
  '$name',
  ({ c }) => {
    it('accepts a realistic recipient and normalises it', () => {
      const result = validateRecipient(c, { ...sampleBody(c), unknown_key: 'ignored' }, context);
      expect(result).toMatchObject({ ok: true });
      if (!result.ok) return;
      expect(Object.keys(result.recipient.values).sort()).toEqual(
        c.attributes.map((a) => a.attribute).sort(),
      );
      expect(result.recipient.relationship_id).toBe(RELATIONSHIP);
    });

    it('answers every required attribute of an empty body', () => {
      const errors = errorsOf(c, {});
      expect(errors.relationship_id).toEqual(['Please select your relationship to the recipient.']);
      for (const attribute of c.attributes.filter((a) => a.is_required)) {
        const key =
          attribute.type === 'mobile_number'
            ? `${attribute.attribute}.number`
            : attribute.attribute;
        expect(errors[key], key).toHaveLength(1);
      }
    });
  },
);

describe('normalised values', () => {
  it('IBAN in upper case without spaces, IFSC in upper case, options by id', () => {
    const pk = validateRecipient(channel('PK'), bankBody(channel('PK')), context);
    expect(pk.ok && pk.recipient.values.iban).toBe('PK36SCBL0000001123456702');
    const india = channel('IN');
    const result = validateRecipient(india, bankBody(india), context);
    expect(result.ok && result.recipient.values).toMatchObject({
      name: 'Asha',
      second_name: null,
      third_name: 'Rao',
      ifsc: 'SBIN0000300',
      account_number: '50100123456789',
      bank: optionId(india, 'bank', 'SBIN'),
    });
    expect(optionById(String(result.ok && result.recipient.values.bank))?.title).toBe(
      'State Bank of India',
    );
  });

  it('a mobile number as its country id, national number and E.164', () => {
    const wallet = channel('PH', 'MOBILE-WALLET');
    const result = validateRecipient(wallet, sampleBody(wallet), context);
    expect(result.ok && result.recipient.values.mobile_number).toEqual({
      country: countryId('PH'),
      number: '9171234567',
      e164: '+639171234567',
    });
    expect(result.ok && result.recipient.recipient_type).toBe('individual');
  });
});

describe('refusals, keyed as the web app shows them', () => {
  it('checks the IBAN, and that it is of the bank chosen', () => {
    const pk = channel('PK');
    const body = bankBody(pk);
    expect(errorsOf(pk, { ...body, iban: 'PK36 SCBL 0000 0011 2345 6703' }).iban).toEqual([
      'This IBAN is not valid. Check it for typing mistakes.',
    ]);
    expect(errorsOf(pk, { ...body, iban: 'GB82 WEST 1234 5698 7654 32' }).iban).toEqual([
      'Enter an IBAN of 24 characters starting with PK.',
    ]);
    expect(errorsOf(pk, { ...body, bank: optionId(pk, 'bank', 'HABB') }).iban).toEqual([
      'This IBAN belongs to another bank than the one chosen.',
    ]);
    const pl = channel('PL');
    // Valid check digits over a settlement number whose own check digit is wrong.
    expect(
      errorsOf(pl, { ...bankBody(pl), iban: 'PL36 1090 1015 0000 0712 1981 2874' }).iban,
    ).toEqual([
      'This IBAN is not in the format banks in Poland use. Check it for typing mistakes.',
    ]);
  });

  it('checks the IFSC and its bank', () => {
    const india = channel('IN');
    expect(errorsOf(india, { ...bankBody(india), ifsc: 'SBIN1000300' }).ifsc).toEqual([
      'Enter the 11-character IFSC code, such as SBIN0000300.',
    ]);
    expect(errorsOf(india, { ...bankBody(india), ifsc: 'HDFC0000001' }).ifsc).toEqual([
      'This IFSC code belongs to another bank than the one chosen.',
    ]);
  });

  it("checks a NUBAN's check digit against the bank chosen", () => {
    const nigeria = channel('NG');
    const body = bankBody(nigeria);
    expect(errorsOf(nigeria, { ...body, account_number: '0123456784' }).account_number).toEqual([
      'This account number does not exist at the bank chosen. Check both.',
    ]);
    expect(errorsOf(nigeria, { ...body, account_number: '012345678' }).account_number).toEqual([
      'Enter the 10-digit account number.',
    ]);
    // Access Bank's check digit for the same serial is 4.
    expect(errorsOf(nigeria, { ...body, bank: optionId(nigeria, 'bank', '044') })).toEqual({
      account_number: ['This account number does not exist at the bank chosen. Check both.'],
    });
  });

  it('checks a CLABE and its bank', () => {
    const mx = channel('MX');
    expect(errorsOf(mx, { ...bankBody(mx), clabe: '002010077777777772' }).clabe).toEqual([
      'This CLABE is not valid. Check it for typing mistakes.',
    ]);
    expect(errorsOf(mx, { ...bankBody(mx), bank: optionId(mx, 'bank', '012') }).clabe).toEqual([
      'This CLABE belongs to another bank than the one chosen.',
    ]);
  });

  it('checks lengths and characters of account numbers, and their confirmation', () => {
    const kenya = channel('KE');
    const body = bankBody(kenya);
    expect(
      errorsOf(kenya, { ...body, account_number: '123', confirm_account_number: '123' }),
    ).toEqual({
      account_number: ['Enter from 10 to 14 digits, without spaces or letters.'],
    });
    expect(errorsOf(kenya, { ...body, confirm_account_number: '0180291234568' })).toEqual({
      confirm_account_number: ['The account number confirmation does not match.'],
    });
    expect(errorsOf(kenya, { ...body, confirm_account_number: undefined })).toHaveProperty(
      'confirm_account_number',
    );
    expect(errorsOf(kenya, { ...body, account_number: '1'.repeat(15) }).account_number).toEqual([
      'The account number must not be longer than 14 characters.',
    ]);
  });

  it('wants options from the lists, and a branch of the bank chosen', () => {
    const bd = channel('BD');
    const body = bankBody(bd);
    expect(errorsOf(bd, { ...body, bank: uuidV5('bank/XX/nope') }).bank).toEqual([
      'Choose a bank from the list.',
    ]);
    const otherBank = optionId(bd, 'bank', 'BSONBDDH');
    expect(errorsOf(bd, { ...body, branch: branchId(otherBank, 'MOTIJHEEL') }).branch).toEqual([
      'Choose a branch of the bank chosen.',
    ]);
    expect(
      validateRecipient(bd, { ...body, bank: String(body.bank).toUpperCase() }, context).ok,
    ).toBe(true);
  });

  it("wants a mobile number of the channel's country", () => {
    const kenya = channel('KE', 'MOBILE-WALLET');
    const body = sampleBody(kenya);
    expect(errorsOf(kenya, { ...body, mobile_number: mobile('PH', '0917 123 4567') })).toEqual({
      'mobile_number.country': ['The mobile number must be from Kenya.'],
    });
    expect(errorsOf(kenya, { ...body, mobile_number: mobile('KE', '020 2222222') })).toEqual({
      'mobile_number.number': ['Enter a valid mobile number for Kenya.'],
    });
    expect(
      errorsOf(kenya, { ...body, mobile_number: { country: uuidV5('nowhere'), number: '' } }),
    ).toEqual({
      'mobile_number.country': ['Choose the country of the number.'],
      'mobile_number.number': ['The mobile number field is required.'],
    });
    expect(errorsOf(kenya, { ...body, mobile_number: '+254712345678' })).toHaveProperty(
      'mobile_number.country',
    );
  });

  it("applies the contracts' text rules and the name patterns", () => {
    const c = channel('PH', 'CASH-PICKUP');
    const body = sampleBody(c);
    expect(errorsOf(c, { ...body, name: 'As\u200Bha' }).name).toEqual([
      'The first name field must not contain control or invisible characters.',
    ]);
    expect(errorsOf(c, { ...body, name: ' \u3164 ' }).name).toEqual([
      'The first name field is required.',
    ]);
    expect(errorsOf(c, { ...body, name: 'R2D2' }).name).toEqual([
      'Use letters, spaces, hyphens and apostrophes only.',
    ]);
    expect(errorsOf(c, { ...body, name: 42 }).name).toEqual(['This field must be text or null.']);
  });

  it('lets a business leave the last name empty, not a person', () => {
    const ph = channel('PH');
    const business = {
      ...bankBody(ph),
      recipient_type: 'business',
      name: 'Sari-Sari 7 Trading & Co.',
      third_name: '',
    };
    expect(validateRecipient(ph, business, context).ok).toBe(true);
    // A person: the last name is required, and the first field is a person's name.
    expect(errorsOf(ph, { ...business, recipient_type: 'individual' })).toEqual({
      name: ['Use letters, spaces, hyphens and apostrophes only.'],
      third_name: ['The last name field is required.'],
    });
    expect(errorsOf(ph, { ...business, recipient_type: 'robot' }).recipient_type).toEqual([
      'Choose whether the recipient is a person or a business.',
    ]);
  });

  it('says it all in Spanish on the way out', () => {
    const errors = errorsOf(channel('KE'), {
      ...bankBody(channel('KE')),
      confirm_account_number: 'x',
    });
    expect(translate(errors.confirm_account_number?.[0] ?? '', 'es')).toBe(
      'La confirmación del campo número de cuenta no coincide.',
    );
  });
});

describe('the name-lookup query', () => {
  const nigeria = channel('NG');
  const bank = optionId(nigeria, 'bank', '058');

  it('checks only the requirements, as the form does', () => {
    expect(
      validateNameLookupQuery(nigeria, { bank, account_number: '0123456785' }, context),
    ).toEqual({
      ok: true,
      values: { bank, account_number: '0123456785' },
    });
    expect(
      validateNameLookupQuery(nigeria, { bank, account_number: '0123456784' }, context),
    ).toEqual({
      ok: false,
      errors: {
        account_number: ['This account number does not exist at the bank chosen. Check both.'],
      },
    });
    expect(validateNameLookupQuery(nigeria, {}, context)).toEqual({
      ok: false,
      errors: {
        bank: ['The bank field is required.'],
        account_number: ['The account number field is required.'],
      },
    });
  });

  it('has nothing to check on a channel without a lookup', () => {
    expect(validateNameLookupQuery(channel('KE'), {}, context)).toEqual({ ok: true, values: {} });
  });

  it('finds the channel by target and method', () => {
    expect(channelFor('NG', 'NGN', 'BANK-ACCOUNT')).toBe(nigeria);
  });
});
