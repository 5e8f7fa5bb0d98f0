import { apiText } from '../../../i18n/index.ts';
import { JP_BRANCH_CODE_RULE } from '../formats/index.ts';
import {
  accountHolderName,
  accountNames,
  accountNumberAttribute,
  bankAttribute,
  branchAttribute,
  clabeAttribute,
  digitsAttribute,
  ibanAttribute,
  ifscAttribute,
  nubanAttribute,
} from './attributes.ts';
import type { AttributeSpec } from './attribute-assembly.ts';
import type { ChannelConfiguration } from './channel-types.ts';
import { bankOptions, selectOption } from './options.ts';
import type { TargetCountry } from './payout-methods.ts';

/** A bank form: its fields, and how it differs from the default configuration. */
export interface BankForm {
  specs: AttributeSpec[];
  configuration: Partial<ChannelConfiguration>;
}

/**
 * Accounts with a check digit (IBAN, CLABE) catch a mistyped digit themselves, and Nigeria's
 * name lookup shows whose account it is: the others ask for the account number twice.
 */
const typedTwice = { confirm_account_number: true };

function japaneseAccountType(): AttributeSpec {
  return {
    type: 'select',
    attribute: 'account_type',
    label: apiText('recipients.label.accountType'),
    help_text: apiText('recipients.help.accountType'),
    is_required: true,
    options: [
      selectOption('JP', 'account_type', 'ORDINARY', apiText('recipients.option.ordinaryAccount')),
      selectOption('JP', 'account_type', 'CURRENT', apiText('recipients.option.currentAccount')),
    ],
  };
}

const japaneseBranchCode = (): AttributeSpec =>
  digitsAttribute(
    {
      type: 'text',
      attribute: 'branch_code',
      label: apiText('recipients.label.branchCode'),
      help_text: apiText('recipients.help.branchCode'),
    },
    JP_BRANCH_CODE_RULE,
  );

/** The bank form of each target. */
export const BANK_FORMS: Record<TargetCountry, () => BankForm> = {
  IN: () => ({
    specs: [
      ...accountNames(),
      bankAttribute(bankOptions('IN')),
      ifscAttribute(),
      accountNumberAttribute('IN'),
    ],
    configuration: typedTwice,
  }),
  PH: () => ({
    specs: [...accountNames(), bankAttribute(bankOptions('PH')), accountNumberAttribute('PH')],
    configuration: typedTwice,
  }),
  // The bank's system names the account holder: the name is looked up, not typed.
  NG: () => ({
    specs: [bankAttribute(bankOptions('NG')), nubanAttribute(), accountHolderName()],
    configuration: { name_lookup_requirements: ['account_number', 'bank'] },
  }),
  KE: () => ({
    specs: [...accountNames(), bankAttribute(bankOptions('KE')), accountNumberAttribute('KE')],
    configuration: typedTwice,
  }),
  PK: () => ({
    specs: [
      ...accountNames(),
      bankAttribute(bankOptions('PK')),
      ibanAttribute('PK', 'PK36 SCBL 0000 0011 2345 6702'),
    ],
    configuration: {},
  }),
  MX: () => ({
    specs: [...accountNames(), bankAttribute(bankOptions('MX')), clabeAttribute()],
    configuration: {},
  }),
  BD: () => ({
    specs: [
      ...accountNames(),
      bankAttribute(bankOptions('BD')),
      branchAttribute(),
      accountNumberAttribute('BD'),
    ],
    configuration: typedTwice,
  }),
  NP: () => ({
    specs: [
      ...accountNames(),
      bankAttribute(bankOptions('NP')),
      branchAttribute(),
      accountNumberAttribute('NP'),
    ],
    configuration: typedTwice,
  }),
  GH: () => ({
    specs: [
      ...accountNames(),
      bankAttribute(bankOptions('GH')),
      branchAttribute(),
      accountNumberAttribute('GH'),
    ],
    configuration: typedTwice,
  }),
  VN: () => ({
    specs: [...accountNames(), bankAttribute(bankOptions('VN')), accountNumberAttribute('VN')],
    configuration: typedTwice,
  }),
  // Zengin transfers name the bank, a 3-digit branch, the account type and a 7-digit account.
  JP: () => ({
    specs: [
      ...accountNames(),
      bankAttribute(bankOptions('JP')),
      japaneseBranchCode(),
      japaneseAccountType(),
      accountNumberAttribute('JP'),
    ],
    configuration: typedTwice,
  }),
  PL: () => ({
    specs: [
      ...accountNames(),
      bankAttribute(bankOptions('PL')),
      ibanAttribute('PL', 'PL61 1090 1014 0000 0712 1981 2874'),
    ],
    configuration: {},
  }),
};
