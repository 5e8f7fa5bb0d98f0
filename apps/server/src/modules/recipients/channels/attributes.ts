import { PERSON_NAME_PATTERN, type AttributeVariant } from '@corridor/contracts';
import { apiText } from '../../../i18n/index.ts';
import {
  BANK_ACCOUNT_RULES,
  digitsPattern,
  IBAN_SPECS,
  IFSC_INPUT_PATTERN,
  ibanInputPattern,
  ibanMask,
  ibanPrintLength,
  type BankAccountCountry,
  type DigitsRule,
  type IbanCountry,
} from '../formats/index.ts';
import type { AttributeSpec } from './attribute-assembly.ts';
import type { DeliveryOption } from './channel-types.ts';

// --- names -----------------------------------------------------------------------------

/** A name on an account, a person's or a business's: digits, &, brackets and / too. */
export const ACCOUNT_NAME_PATTERN = '^[^_@#$%^*+=\\[\\]{}|\\\\<>;:!?"~`]{1,100}$';

/** A person's name: the customer's own name rule (packages/contracts), shared, not re-typed. */
const personName = {
  input_mode: 'text',
  regex_pattern: PERSON_NAME_PATTERN,
  regex_failure_message: apiText('profile.message.name'),
  max_length: 100,
} as const;

const middleName: AttributeSpec = {
  ...personName,
  type: 'second_name',
  attribute: 'second_name',
  label: apiText('profile.label.middleName'),
  help_text: apiText('recipients.help.middleName'),
  is_required: false,
};

/** A person's first, middle and last name (wallets and cash pickup: recipients are people). */
export function personNames(nameHelp: string): AttributeSpec[] {
  return [
    {
      ...personName,
      type: 'name',
      attribute: 'name',
      label: apiText('profile.label.firstName'),
      help_text: nameHelp,
      is_required: true,
    },
    middleName,
    {
      ...personName,
      type: 'third_name',
      attribute: 'third_name',
      label: apiText('profile.label.lastName'),
      help_text: apiText('recipients.help.lastName'),
      is_required: true,
    },
  ];
}

/** A person's name field: the person-name rule and its message. */
const personVariant = (
  label: string,
  help: string | null,
  is_required: boolean,
): AttributeVariant => ({
  is_required,
  label,
  help_text: help,
  regex_pattern: PERSON_NAME_PATTERN,
  regex_failure_message: apiText('profile.message.name'),
});

/**
 * The names on a bank account the customer says is a person's or a business's. Until the type
 * is known the first field is "first name or business name" and the last name optional; for a
 * person the fields are their first and last names, both required, by the person-name rule
 * ("Rahul1" is refused); for a business the first holds its registered name and the last name
 * may stay empty (`by_recipient_type`, read through the contracts' `attributeFor`).
 */
export function accountNames(): AttributeSpec[] {
  const accountName = {
    regex_pattern: ACCOUNT_NAME_PATTERN,
    regex_failure_message: apiText('recipients.message.accountName'),
  };
  return [
    {
      ...accountName,
      input_mode: 'text',
      type: 'name',
      attribute: 'name',
      label: apiText('recipients.label.nameOrBusiness'),
      help_text: apiText('recipients.help.nameOnAccount'),
      max_length: 100,
      is_required: true,
      by_recipient_type: {
        individual: personVariant(
          apiText('profile.label.firstName'),
          apiText('recipients.help.firstNameOnAccount'),
          true,
        ),
        business: {
          ...accountName,
          is_required: true,
          label: apiText('recipients.label.businessName'),
          help_text: apiText('recipients.help.businessName'),
        },
      },
    },
    middleName,
    {
      ...personName,
      type: 'third_name',
      attribute: 'third_name',
      label: apiText('profile.label.lastName'),
      help_text: apiText('recipients.help.lastNameOrEmpty'),
      is_required: false,
      by_recipient_type: {
        individual: personVariant(
          apiText('profile.label.lastName'),
          apiText('recipients.help.lastName'),
          true,
        ),
        business: null,
      },
    },
  ];
}

/** The account holder's whole name, filled in by the account-name lookup. */
export const accountHolderName = (): AttributeSpec => ({
  input_mode: 'text',
  type: 'name',
  attribute: 'name',
  label: apiText('recipients.label.accountHolderName'),
  help_text: apiText('recipients.help.accountHolderName'),
  regex_pattern: ACCOUNT_NAME_PATTERN,
  regex_failure_message: apiText('recipients.message.accountName'),
  max_length: 100,
  is_required: true,
});

// --- banks and wallets -------------------------------------------------------------------

/** The bank, chosen from the country's list; account formats that name a bank are checked against it. */
export const bankAttribute = (options: readonly DeliveryOption[]): AttributeSpec => ({
  type: 'delivery_option',
  attribute: 'bank',
  label: apiText('recipients.label.bank'),
  help_text: apiText('recipients.help.bank'),
  is_required: true,
  options,
});

/** The bank's branch: its options load once the bank is chosen. */
export const branchAttribute = (): AttributeSpec => ({
  type: 'sub_delivery_option',
  attribute: 'branch',
  label: apiText('recipients.label.branch'),
  help_text: apiText('recipients.help.branch'),
  is_required: true,
  rule: { format: { kind: 'sub-option', parent: 'bank' } },
});

export const walletAttribute = (options: readonly DeliveryOption[]): AttributeSpec => ({
  type: 'delivery_option',
  attribute: 'wallet_provider',
  label: apiText('recipients.label.walletProvider'),
  help_text: apiText('recipients.help.walletProvider'),
  is_required: true,
  options,
});

// --- account numbers ---------------------------------------------------------------------

function digitsMessage(rule: DigitsRule): string {
  return rule.min === rule.max
    ? apiText('recipients.message.digitsExact', { length: rule.min })
    : apiText('recipients.message.digitsRange', { min: rule.min, max: rule.max });
}

/** Digits in a range (or of one length), with the lengths the browser limits typing to. */
export function digitsAttribute(
  spec: Pick<AttributeSpec, 'type' | 'attribute' | 'label' | 'help_text'>,
  rule: DigitsRule,
): AttributeSpec {
  const exact = rule.min === rule.max;
  return {
    ...spec,
    input_mode: 'numeric',
    is_required: true,
    regex_pattern: digitsPattern(rule),
    regex_failure_message: digitsMessage(rule),
    min_length: exact ? null : rule.min,
    max_length: exact ? null : rule.max,
    exact_length: exact ? rule.min : null,
    rule: { format: { kind: 'digits', rule } },
  };
}

/** A domestic account number without a check digit, by the country's length rule. */
export function accountNumberAttribute(country: BankAccountCountry): AttributeSpec {
  const rule = BANK_ACCOUNT_RULES[country];
  const help =
    rule.min === rule.max
      ? apiText('recipients.help.jpAccountNumber')
      : apiText('recipients.help.accountDigits', { min: rule.min, max: rule.max });
  return digitsAttribute(
    {
      type: 'account_number',
      attribute: 'account_number',
      label: apiText('recipients.label.accountNumber'),
      help_text: help,
    },
    rule,
  );
}

/** A Nigerian NUBAN: ten digits whose check digit covers the bank chosen. */
export const nubanAttribute = (): AttributeSpec => ({
  ...digitsAttribute(
    {
      type: 'account_number',
      attribute: 'account_number',
      label: apiText('recipients.label.accountNumber'),
      help_text: apiText('recipients.help.nuban'),
    },
    { min: 10, max: 10 },
  ),
  regex_failure_message: apiText('recipients.message.nubanFormat'),
  rule: { format: { kind: 'nuban', bank: 'bank' } },
});

/** An IBAN of the country, typed as printed or as one run, of the bank chosen. */
export function ibanAttribute(country: IbanCountry, example: string): AttributeSpec {
  const { length } = IBAN_SPECS[country];
  return {
    type: 'account_number',
    attribute: 'iban',
    input_mode: 'text',
    label: apiText('recipients.label.iban'),
    help_text: apiText('recipients.help.iban', { length, prefix: country }),
    placeholder_text: example,
    regex_pattern: ibanInputPattern(country),
    regex_failure_message: apiText('recipients.message.ibanFormat', { length, prefix: country }),
    mask: ibanMask(country),
    min_length: length,
    max_length: ibanPrintLength(country),
    is_required: true,
    rule: { format: { kind: 'iban', country, bank: 'bank' } },
  };
}

/** A Mexican CLABE of the bank chosen. */
export const clabeAttribute = (): AttributeSpec => ({
  ...digitsAttribute(
    {
      type: 'account_number',
      attribute: 'clabe',
      label: apiText('recipients.label.clabe'),
      help_text: apiText('recipients.help.clabe'),
    },
    { min: 18, max: 18 },
  ),
  placeholder_text: '002010077777777771',
  regex_failure_message: apiText('recipients.message.clabeFormat'),
  rule: { format: { kind: 'clabe', bank: 'bank' } },
});

/** An Indian IFSC of the bank chosen (a text field: it is not the account number). */
export const ifscAttribute = (): AttributeSpec => ({
  type: 'text',
  attribute: 'ifsc',
  input_mode: 'text',
  label: apiText('recipients.label.ifsc'),
  help_text: apiText('recipients.help.ifsc'),
  placeholder_text: 'SBIN0000300',
  regex_pattern: IFSC_INPUT_PATTERN,
  regex_failure_message: apiText('recipients.message.ifsc'),
  exact_length: 11,
  is_required: true,
  rule: { format: { kind: 'ifsc', bank: 'bank' } },
});

/** A mobile number of the country, sent as `{country, number}`. */
export const mobileAttribute = (country: string, help: string): AttributeSpec => ({
  type: 'mobile_number',
  attribute: 'mobile_number',
  input_mode: 'tel',
  label: apiText('recipients.label.mobileNumber'),
  help_text: help,
  is_required: true,
  rule: { format: { kind: 'mobile', country } },
});
