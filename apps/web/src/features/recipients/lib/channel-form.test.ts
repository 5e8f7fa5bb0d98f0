import { describe, expect, it } from 'vitest';
import {
  accessBank,
  channelAttributeFixture,
  confirmChannel,
  friend,
  gcash,
  ibanChannel,
  nubanChannel,
  philippines,
  recipientFixture,
  walletChannel,
} from '@/test/recipient-fixtures';
import {
  attributeErrors,
  formProblems,
  initialValues,
  inSentence,
  inViewOrder,
  lookedUpNameAttribute,
  nameLookupQuery,
  shapeProblem,
  type FormMessages,
} from './channel-form';
import { errorKeys, recipientBody } from './recipient-body';
import { callingCodeOf, displayValue, filledAttributes } from './recipient-display';

const say: FormMessages = {
  required: (field) => `required ${field}`,
  chooseOption: (field) => `choose ${field}`,
  tooLong: (field, max) => `${field} > ${max}`,
  tooShort: (field, min) => `${field} < ${min}`,
  exactLength: (field, length) => `${field} != ${length}`,
  invalid: () => 'invalid',
  confirmRequired: (field) => `again ${field}`,
  confirmMismatch: (field) => `mismatch ${field}`,
  chooseCallingCode: () => 'calling code',
  nameLookupPending: (field) => `pending ${field}`,
};

const attribute = (name: string, channel = confirmChannel) => {
  const found = channel.attributes.find((candidate) => candidate.attribute === name);
  if (found === undefined) throw new Error(`no attribute ${name}`);
  return found;
};

describe('shapeProblem', () => {
  it('checks in the server’s order: too long, the regex, too short, the exact length', () => {
    const field = channelAttributeFixture({
      attribute: 'code',
      label: 'Branch code',
      regex_pattern: '^[0-9]+$',
      regex_failure_message: 'Digits only.',
      max_length: 5,
      min_length: 3,
    });
    expect(shapeProblem(field, '123456', say)).toBe('branch code > 5');
    expect(shapeProblem(field, '12a', say)).toBe('Digits only.');
    expect(shapeProblem(field, '12', say)).toBe('branch code < 3');
    expect(shapeProblem(field, '123', say)).toBeUndefined();
    const exact = channelAttributeFixture({ attribute: 'x', label: 'IFSC code', exact_length: 11 });
    expect(shapeProblem(exact, 'SBIN000030', say)).toBe('IFSC code != 11');
  });

  it('reads the regex with the u flag and counts UTF-16 code units', () => {
    const letters = channelAttributeFixture({
      attribute: 'name',
      label: 'Name',
      regex_pattern: '^\\p{L}+$',
      max_length: 2,
    });
    expect(shapeProblem(letters, 'Łó', say)).toBeUndefined();
    // One letter outside the BMP is two code units: at the limit, not over it.
    expect(shapeProblem(letters, '𝒜', say)).toBeUndefined();
    expect(shapeProblem(letters, 'a𝒜', say)).toBe('name > 2');
  });

  it('leaves a pattern the browser cannot compile to the server', () => {
    const broken = channelAttributeFixture({ attribute: 'x', label: 'X', regex_pattern: '([' });
    expect(shapeProblem(broken, 'anything', say)).toBeUndefined();
  });
});

describe('attributeErrors', () => {
  it('asks for required fields, options from the list, and the account number twice', () => {
    const values = {
      name: '',
      bank: '',
      branch: '',
      account_number: '123456789',
      confirm_account_number: '',
    };
    const problems = formProblems(
      confirmChannel.attributes,
      values,
      confirmChannel.configuration,
      say,
    );
    expect(problems).toEqual({
      name: 'required first name or business name',
      bank: 'choose bank',
      branch: 'choose branch',
      confirm_account_number: 'again account number',
    });
    expect(
      attributeErrors(
        attribute('account_number'),
        { account_number: '123456789', confirm_account_number: '1234 56788' },
        confirmChannel.configuration,
        say,
      ),
    ).toEqual({ confirm_account_number: 'mismatch account number' });
    // Spaces and case aside, the twin matches.
    expect(
      attributeErrors(
        attribute('account_number'),
        { account_number: '123456789', confirm_account_number: ' 1234 56789 ' },
        confirmChannel.configuration,
        say,
      ),
    ).toEqual({});
  });

  it('keys a phone’s problems as the server does', () => {
    const mobile = attribute('mobile_number', walletChannel);
    const configuration = walletChannel.configuration;
    expect(
      attributeErrors(
        mobile,
        { mobile_number: { countryId: null, number: '' } },
        configuration,
        say,
      ),
    ).toEqual({ 'mobile_number.number': 'required mobile number' });
    expect(
      attributeErrors(
        mobile,
        { mobile_number: { countryId: null, number: '917' } },
        configuration,
        say,
      ),
    ).toEqual({ 'mobile_number.country': 'calling code' });
    expect(errorKeys([mobile])).toEqual([
      'mobile_number',
      'confirm_mobile_number',
      'mobile_number.country',
      'mobile_number.number',
    ]);
  });

  it('says a looked-up name comes from the bank', () => {
    const name = lookedUpNameAttribute(nubanChannel.attributes, nubanChannel.configuration);
    expect(name?.attribute).toBe('name');
    expect(
      lookedUpNameAttribute(ibanChannel.attributes, ibanChannel.configuration),
    ).toBeUndefined();
    expect(
      formProblems(
        nubanChannel.attributes,
        { bank: accessBank.id, account_number: '0123456789', name: '' },
        nubanChannel.configuration,
        say,
        'name',
      ),
    ).toEqual({ name: 'pending account holder name' });
  });
});

describe('nameLookupQuery', () => {
  const ask = (values: Record<string, string>) =>
    nameLookupQuery(nubanChannel.attributes, values, nubanChannel.configuration, say);

  it('is ready only when every requirement passes its checks', () => {
    expect(ask({ bank: '', account_number: '0123456789' })).toBeNull();
    expect(ask({ bank: accessBank.id, account_number: '012345678' })).toBeNull();
    expect(ask({ bank: accessBank.id, account_number: ' 0123456789 ' })).toEqual({
      account_number: '0123456789',
      bank: accessBank.id,
    });
    expect(nameLookupQuery(ibanChannel.attributes, {}, ibanChannel.configuration, say)).toBeNull();
  });
});

describe('the form’s values and body', () => {
  it('starts from the recipient’s values: options by id, phones by country and number', () => {
    const maria = recipientFixture({
      channel: walletChannel,
      values: {
        name: 'Maria',
        third_name: null,
        wallet_provider: gcash,
        mobile_number: { country: philippines, number: '9171234567' },
      },
    });
    expect(initialValues(maria.attributes, walletChannel.configuration, null)).toEqual({
      name: 'Maria',
      third_name: '',
      wallet_provider: gcash.id,
      mobile_number: { countryId: philippines.id, number: '9171234567' },
    });
    expect(
      initialValues(walletChannel.attributes, walletChannel.configuration, philippines.id),
    ).toMatchObject({ mobile_number: { countryId: philippines.id, number: '' } });
    expect(
      initialValues(confirmChannel.attributes, confirmChannel.configuration, null),
    ).toMatchObject({ account_number: '', confirm_account_number: '' });
  });

  it('sends texts trimmed, empties as null, phones as {country, number} and the twin', () => {
    expect(
      recipientBody(
        walletChannel.attributes,
        {
          name: ' Maria ',
          third_name: '  ',
          wallet_provider: gcash.id,
          mobile_number: { countryId: philippines.id, number: ' 917 123 4567 ' },
        },
        walletChannel.configuration,
        'individual',
        friend.id,
      ),
    ).toEqual({
      recipient_type: 'individual',
      relationship_id: friend.id,
      name: 'Maria',
      third_name: null,
      wallet_provider: gcash.id,
      mobile_number: { country: philippines.id, number: '917 123 4567' },
    });
    expect(
      recipientBody(
        [attribute('account_number')],
        { account_number: '123456789', confirm_account_number: '123 456 789' },
        confirmChannel.configuration,
        'business',
        null,
      ),
    ).toEqual({
      recipient_type: 'business',
      relationship_id: null,
      account_number: '123456789',
      confirm_account_number: '123 456 789',
    });
  });

  it('orders attributes by view order and names fields inside sentences', () => {
    const reversed = [...ibanChannel.attributes].reverse();
    expect(inViewOrder(reversed).map((a) => a.view_order)).toEqual([1, 2, 3, 4]);
    expect(inSentence('Account number')).toBe('account number');
    expect(inSentence('IBAN')).toBe('IBAN');
    expect(inSentence('IFSC code')).toBe('IFSC code');
  });
});

describe('recipient display', () => {
  it('shows phones with the calling code, options by title, and skips empty values', () => {
    const maria = recipientFixture({
      channel: walletChannel,
      values: {
        name: 'Maria',
        third_name: null,
        wallet_provider: gcash,
        mobile_number: { country: philippines, number: '9171234567' },
      },
    });
    expect(
      filledAttributes(maria.attributes).map(({ attribute, shown }) => [attribute.label, shown]),
    ).toEqual([
      ['First name or business name', 'Maria'],
      ['Wallet provider', 'GCash'],
      ['Mobile number', '+63 9171234567'],
    ]);
    const [first] = maria.attributes;
    expect(first && displayValue({ ...first, value: '  ' })).toBeNull();
    expect(callingCodeOf({ calling_code: '44' })).toBe('+44');
    expect(callingCodeOf({ calling_code: '+1' })).toBe('+1');
    expect(callingCodeOf({ calling_code: null })).toBeNull();
  });
});
