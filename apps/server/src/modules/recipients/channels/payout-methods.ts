/**
 * The targets Corridor pays out in (country + currency) and the payout methods of each. Pricing,
 * payout companies and the seeded reference data use exactly this set.
 */
export type PayoutMethodCode = 'BANK-ACCOUNT' | 'MOBILE-WALLET' | 'CASH-PICKUP';

export const PAYOUT_METHODS_BY_TARGET = {
  IN: { currency: 'INR', methods: ['BANK-ACCOUNT', 'CASH-PICKUP'] },
  PH: { currency: 'PHP', methods: ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'] },
  NG: { currency: 'NGN', methods: ['BANK-ACCOUNT', 'CASH-PICKUP'] },
  KE: { currency: 'KES', methods: ['BANK-ACCOUNT', 'MOBILE-WALLET'] },
  PK: { currency: 'PKR', methods: ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'] },
  MX: { currency: 'MXN', methods: ['BANK-ACCOUNT', 'CASH-PICKUP'] },
  BD: { currency: 'BDT', methods: ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'] },
  NP: { currency: 'NPR', methods: ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'] },
  GH: { currency: 'GHS', methods: ['BANK-ACCOUNT', 'MOBILE-WALLET'] },
  VN: { currency: 'VND', methods: ['BANK-ACCOUNT', 'CASH-PICKUP'] },
  JP: { currency: 'JPY', methods: ['BANK-ACCOUNT'] },
  PL: { currency: 'PLN', methods: ['BANK-ACCOUNT'] },
} as const satisfies Record<string, { currency: string; methods: readonly PayoutMethodCode[] }>;

export type TargetCountry = keyof typeof PAYOUT_METHODS_BY_TARGET;

export const TARGET_COUNTRIES = Object.keys(PAYOUT_METHODS_BY_TARGET) as TargetCountry[];

export const isTargetCountry = (iso2: string): iso2 is TargetCountry =>
  Object.hasOwn(PAYOUT_METHODS_BY_TARGET, iso2);
