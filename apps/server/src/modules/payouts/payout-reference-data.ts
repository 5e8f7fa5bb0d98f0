import type { PayoutMethodCode } from '@corridor/contracts';
import { apiText, type PlainTextKey } from '../../i18n/index.ts';
import { stableId } from '../../lib/stable-id.ts';

/**
 * Payout reference data (issue 15, docs/product/sending-money.md#corridors "Corridors"): where money can go, how it is paid
 * out and by whom, why it is sent and to whom. Typed data in code, upserted at every start with
 * stable ids (`stableId`), so a change here reaches every installation at its next start; a row
 * taken out of these lists is deactivated, never deleted (quotes and recipients refer to it).
 * Texts are stored in English and translated on the way out (i18n/texts/reference-texts.ts).
 */

/** Every target and the methods it pays out by, in the order customers see them. */
export const PAYOUT_CORRIDORS = [
  { country: 'IN', currency: 'INR', methods: ['BANK-ACCOUNT', 'CASH-PICKUP'] },
  { country: 'PH', currency: 'PHP', methods: ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'] },
  { country: 'NG', currency: 'NGN', methods: ['BANK-ACCOUNT', 'CASH-PICKUP'] },
  { country: 'KE', currency: 'KES', methods: ['BANK-ACCOUNT', 'MOBILE-WALLET'] },
  { country: 'PK', currency: 'PKR', methods: ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'] },
  { country: 'MX', currency: 'MXN', methods: ['BANK-ACCOUNT', 'CASH-PICKUP'] },
  { country: 'BD', currency: 'BDT', methods: ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'] },
  { country: 'NP', currency: 'NPR', methods: ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'] },
  { country: 'GH', currency: 'GHS', methods: ['BANK-ACCOUNT', 'MOBILE-WALLET'] },
  { country: 'VN', currency: 'VND', methods: ['BANK-ACCOUNT', 'CASH-PICKUP'] },
  { country: 'JP', currency: 'JPY', methods: ['BANK-ACCOUNT'] },
  { country: 'PL', currency: 'PLN', methods: ['BANK-ACCOUNT'] },
] as const satisfies readonly {
  country: string;
  currency: string;
  methods: readonly PayoutMethodCode[];
}[];

export type PayoutCorridor = (typeof PAYOUT_CORRIDORS)[number];

interface MethodTexts {
  title: PlainTextKey;
  description: PlainTextKey;
  instruction: PlainTextKey;
}

/** What each method says, the same for every target. */
const METHOD_TEXTS: Record<PayoutMethodCode, MethodTexts> = {
  'BANK-ACCOUNT': {
    title: 'payoutMethod.bankAccount.title',
    description: 'payoutMethod.bankAccount.description',
    instruction: 'payoutMethod.bankAccount.instruction',
  },
  'MOBILE-WALLET': {
    title: 'payoutMethod.mobileWallet.title',
    description: 'payoutMethod.mobileWallet.description',
    instruction: 'payoutMethod.mobileWallet.instruction',
  },
  'CASH-PICKUP': {
    title: 'payoutMethod.cashPickup.title',
    description: 'payoutMethod.cashPickup.description',
    instruction: 'payoutMethod.cashPickup.instruction',
  },
};

/** The sandbox's payout partners (docs/sandbox-providers.md#payouts): brand names, the same in every language. */
export const PAYOUT_COMPANIES = [
  { code: 'TERRA_PAY', title: 'TerraPay' },
  { code: 'MERIDIAN_CLEARING', title: 'Meridian Clearing' },
  { code: 'LODESTAR_BANK_NETWORK', title: 'Lodestar Bank Network' },
  { code: 'BAOBAB_MOBILE_MONEY', title: 'Baobab Mobile Money' },
  { code: 'ZEBU_WALLET_LINK', title: 'Zebu WalletLink' },
  { code: 'HARBOR_CASH', title: 'Harbor Cash Network' },
  { code: 'KESTREL_REMIT', title: 'Kestrel Remit Agents' },
] as const;

type CompanyCode = (typeof PAYOUT_COMPANIES)[number]['code'];

/** Which partners pay out each method, first the default one. */
export const COMPANIES_BY_METHOD: Record<PayoutMethodCode, readonly CompanyCode[]> = {
  'BANK-ACCOUNT': ['TERRA_PAY', 'MERIDIAN_CLEARING', 'LODESTAR_BANK_NETWORK'],
  'MOBILE-WALLET': ['TERRA_PAY', 'BAOBAB_MOBILE_MONEY', 'ZEBU_WALLET_LINK'],
  'CASH-PICKUP': ['HARBOR_CASH', 'KESTREL_REMIT'],
};

/** Codes of the original product (docs/product/sending-money.md#purposes), with their words. */
const PURPOSES: readonly [string, PlainTextKey, PlainTextKey][] = [
  ['BUSINESS', 'purpose.business.title', 'purpose.business.description'],
  ['EDUCATION', 'purpose.education.title', 'purpose.education.description'],
  ['EMERGENCY', 'purpose.emergency.title', 'purpose.emergency.description'],
  ['FAMILY-SUPPORT', 'purpose.familySupport.title', 'purpose.familySupport.description'],
  ['FRIEND-SUPPORT', 'purpose.friendSupport.title', 'purpose.friendSupport.description'],
  ['GIFTS', 'purpose.gifts.title', 'purpose.gifts.description'],
  ['HEALTHCARE', 'purpose.healthcare.title', 'purpose.healthcare.description'],
  ['INVESTMENT', 'purpose.investment.title', 'purpose.investment.description'],
  ['LOAN-REPAYMENT', 'purpose.loanRepayment.title', 'purpose.loanRepayment.description'],
  ['SAVING', 'purpose.saving.title', 'purpose.saving.description'],
  ['TRAVEL', 'purpose.travel.title', 'purpose.travel.description'],
];

/**
 * Codes of the original product (docs/product/recipients.md#reference-resources), with their
 * words; Corridor's MYSELF first (issue 28): the customer's own account abroad.
 */
const RELATIONSHIPS: readonly [string, PlainTextKey, PlainTextKey][] = [
  ['MYSELF', 'relationship.myself.title', 'relationship.myself.description'],
  [
    'BUSINESS-ASSOCIATE',
    'relationship.businessAssociate.title',
    'relationship.businessAssociate.description',
  ],
  ['CHILD', 'relationship.child.title', 'relationship.child.description'],
  ['COUSIN', 'relationship.cousin.title', 'relationship.cousin.description'],
  [
    'EMPLOYER-EMPLOYEE',
    'relationship.employerEmployee.title',
    'relationship.employerEmployee.description',
  ],
  ['FRIEND', 'relationship.friend.title', 'relationship.friend.description'],
  ['GRANDCHILD', 'relationship.grandchild.title', 'relationship.grandchild.description'],
  ['GRANDPARENT', 'relationship.grandparent.title', 'relationship.grandparent.description'],
  ['PARENT', 'relationship.parent.title', 'relationship.parent.description'],
  ['SIBLING', 'relationship.sibling.title', 'relationship.sibling.description'],
  ['SPOUSE', 'relationship.spouse.title', 'relationship.spouse.description'],
];

// --- the rows, with their stable ids ------------------------------------------------------

export const payoutTargetId = (country: string, currency: string) =>
  stableId('payout-target', country, currency);
export const payoutMethodId = (country: string, currency: string, code: PayoutMethodCode) =>
  stableId('payout-method', country, currency, code);
export const payoutCompanyId = (code: string) => stableId('payout-company', code);
export const purposeId = (code: string) => stableId('purpose', code);
export const relationshipId = (code: string) => stableId('relationship', code);

export interface TargetSeed {
  id: string;
  country: string;
  currency: string;
  view_order: number;
}

export function targetSeeds(): TargetSeed[] {
  return PAYOUT_CORRIDORS.map((corridor, index) => ({
    id: payoutTargetId(corridor.country, corridor.currency),
    country: corridor.country,
    currency: corridor.currency,
    view_order: index + 1,
  }));
}

export function methodSeeds() {
  return PAYOUT_CORRIDORS.flatMap((corridor) =>
    corridor.methods.map((code: PayoutMethodCode, index) => {
      const texts = METHOD_TEXTS[code];
      return {
        id: payoutMethodId(corridor.country, corridor.currency, code),
        payout_target_id: payoutTargetId(corridor.country, corridor.currency),
        code,
        title: apiText(texts.title),
        description: apiText(texts.description),
        instruction: apiText(texts.instruction),
        promo: null,
        view_order: index + 1,
      };
    }),
  );
}

export function companySeeds() {
  return PAYOUT_COMPANIES.map((company) => ({
    id: payoutCompanyId(company.code),
    code: company.code,
    title: company.title,
  }));
}

export function methodCompanySeeds() {
  return methodSeeds().flatMap((method) =>
    COMPANIES_BY_METHOD[method.code].map((code, index) => ({
      payout_method_id: method.id,
      payout_company_id: payoutCompanyId(code),
      view_order: index + 1,
    })),
  );
}

const describedRows =
  (idOf: (code: string) => string) =>
  ([code, title, description]: readonly [string, PlainTextKey, PlainTextKey], index: number) => ({
    id: idOf(code),
    code,
    title: apiText(title),
    description: apiText(description),
    view_order: index + 1,
  });

export const purposeSeeds = () => PURPOSES.map(describedRows(purposeId));
export const relationshipSeeds = () => RELATIONSHIPS.map(describedRows(relationshipId));
