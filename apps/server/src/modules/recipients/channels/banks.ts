import type { TargetCountry } from './payout-methods.ts';

/**
 * The banks, branches and wallet services each target's forms offer: a handful of real ones per
 * country (the sandbox pays out to none of them). A bank's `code` is what identifies it inside
 * the country's account numbers where one does, so the server can check the two agree:
 * India the IFSC's first four letters, Nigeria the CBN code (the NUBAN check digit covers it),
 * Mexico the CLABE's first three digits, Pakistan the IBAN's four letters, Poland the IBAN's
 * 3-digit bank number, Japan the Zengin code; elsewhere the bank's SWIFT BIC.
 */
export interface BankEntry {
  code: string;
  title: string;
  /** Branches as [code, title], where the country's transfers name one. */
  branches?: readonly (readonly [code: string, title: string])[];
}

type Pair = readonly [code: string, title: string];
const banks = (pairs: readonly Pair[], branches?: readonly Pair[]): BankEntry[] =>
  pairs.map(([code, title]) => (branches ? { code, title, branches } : { code, title }));

const BANGLADESH_BRANCHES: readonly Pair[] = [
  ['MOTIJHEEL', 'Motijheel, Dhaka'],
  ['GULSHAN', 'Gulshan, Dhaka'],
  ['DHANMONDI', 'Dhanmondi, Dhaka'],
  ['AGRABAD', 'Agrabad, Chattogram'],
  ['ZINDABAZAR', 'Zindabazar, Sylhet'],
];
const NEPAL_BRANCHES: readonly Pair[] = [
  ['NEW-ROAD', 'New Road, Kathmandu'],
  ['DURBAR-MARG', 'Durbar Marg, Kathmandu'],
  ['PULCHOWK', 'Pulchowk, Lalitpur'],
  ['POKHARA', 'Pokhara'],
  ['BIRATNAGAR', 'Biratnagar'],
  ['BUTWAL', 'Butwal'],
];
const GHANA_BRANCHES: readonly Pair[] = [
  ['HIGH-STREET', 'High Street, Accra'],
  ['OSU', 'Osu, Accra'],
  ['ADUM', 'Adum, Kumasi'],
  ['TAKORADI', 'Takoradi'],
  ['TAMALE', 'Tamale'],
  ['TEMA', 'Tema'],
];

export const BANKS: Record<TargetCountry, readonly BankEntry[]> = {
  IN: banks([
    ['SBIN', 'State Bank of India'],
    ['HDFC', 'HDFC Bank'],
    ['ICIC', 'ICICI Bank'],
    ['UTIB', 'Axis Bank'],
    ['PUNB', 'Punjab National Bank'],
    ['BARB', 'Bank of Baroda'],
    ['KKBK', 'Kotak Mahindra Bank'],
    ['CNRB', 'Canara Bank'],
  ]),
  PH: banks([
    ['BNORPHMM', 'BDO Unibank'],
    ['BOPIPHMM', 'Bank of the Philippine Islands (BPI)'],
    ['MBTCPHMM', 'Metrobank'],
    ['TLBPPHMM', 'Land Bank of the Philippines'],
    ['PNBMPHMM', 'Philippine National Bank'],
    ['SETCPHMM', 'Security Bank'],
    ['UBPHPHMM', 'UnionBank of the Philippines'],
    ['RCBCPHMM', 'RCBC'],
  ]),
  NG: banks([
    ['044', 'Access Bank'],
    ['011', 'First Bank of Nigeria'],
    ['058', 'Guaranty Trust Bank (GTBank)'],
    ['057', 'Zenith Bank'],
    ['033', 'United Bank for Africa (UBA)'],
    ['070', 'Fidelity Bank'],
    ['032', 'Union Bank of Nigeria'],
    ['221', 'Stanbic IBTC Bank'],
    ['232', 'Sterling Bank'],
    ['050', 'Ecobank Nigeria'],
    ['214', 'First City Monument Bank (FCMB)'],
    ['035', 'Wema Bank'],
  ]),
  KE: banks([
    ['KCBLKENX', 'KCB Bank Kenya'],
    ['EQBLKENA', 'Equity Bank Kenya'],
    ['KCOOKENA', 'Co-operative Bank of Kenya'],
    ['CBAFKENX', 'NCBA Bank Kenya'],
    ['BARCKENX', 'Absa Bank Kenya'],
    ['SCBLKENX', 'Standard Chartered Bank Kenya'],
    ['SBICKENX', 'Stanbic Bank Kenya'],
    ['IMBLKENA', 'I&M Bank Kenya'],
    ['DTKEKENA', 'Diamond Trust Bank Kenya'],
  ]),
  PK: banks([
    ['HABB', 'Habib Bank Limited (HBL)'],
    ['MUCB', 'MCB Bank'],
    ['UNIL', 'United Bank Limited (UBL)'],
    ['ABPA', 'Allied Bank'],
    ['MEZN', 'Meezan Bank'],
    ['BAHL', 'Bank AL Habib'],
    ['ALFH', 'Bank Alfalah'],
    ['NBPA', 'National Bank of Pakistan'],
    ['SCBL', 'Standard Chartered Bank (Pakistan)'],
  ]),
  MX: banks([
    ['002', 'Banamex'],
    ['012', 'BBVA México'],
    ['014', 'Santander México'],
    ['072', 'Banorte'],
    ['021', 'HSBC México'],
    ['044', 'Scotiabank México'],
    ['036', 'Inbursa'],
    ['127', 'Banco Azteca'],
    ['137', 'BanCoppel'],
  ]),
  BD: banks(
    [
      ['BSONBDDH', 'Sonali Bank'],
      ['DBBLBDDH', 'Dutch-Bangla Bank'],
      ['BRAKBDDH', 'BRAC Bank'],
      ['IBBLBDDH', 'Islami Bank Bangladesh'],
      ['EBLDBDDH', 'Eastern Bank'],
      ['CIBLBDDH', 'The City Bank'],
      ['JANBBDDH', 'Janata Bank'],
      ['PUBABDDH', 'Pubali Bank'],
    ],
    BANGLADESH_BRANCHES,
  ),
  NP: banks(
    [
      ['NARBNPKA', 'Nabil Bank'],
      ['NICENPKA', 'NIC Asia Bank'],
      ['GLBBNPKA', 'Global IME Bank'],
      ['HIMANPKA', 'Himalayan Bank'],
      ['NIBLNPKT', 'Nepal Investment Mega Bank'],
      ['RBBANPKA', 'Rastriya Banijya Bank'],
      ['EVBLNPKA', 'Everest Bank'],
      ['SCBLNPKA', 'Standard Chartered Bank Nepal'],
    ],
    NEPAL_BRANCHES,
  ),
  GH: banks(
    [
      ['GHCBGHAC', 'GCB Bank'],
      ['ECOCGHAC', 'Ecobank Ghana'],
      ['SBICGHAC', 'Stanbic Bank Ghana'],
      ['BARCGHAC', 'Absa Bank Ghana'],
      ['FBLIGHAC', 'Fidelity Bank Ghana'],
      ['ACCCGHAC', 'CalBank'],
      ['ZEBLGHAC', 'Zenith Bank Ghana'],
      ['SCBLGHAC', 'Standard Chartered Bank Ghana'],
    ],
    GHANA_BRANCHES,
  ),
  VN: banks([
    ['BFTVVNVX', 'Vietcombank'],
    ['ICBVVNVX', 'VietinBank'],
    ['BIDVVNVX', 'BIDV'],
    ['VTCBVNVX', 'Techcombank'],
    ['VBAAVNVX', 'Agribank'],
    ['MSCBVNVX', 'MB Bank'],
    ['ASCBVNVX', 'ACB (Asia Commercial Bank)'],
    ['VPBKVNVX', 'VPBank'],
    ['SGTTVNVX', 'Sacombank'],
  ]),
  JP: banks([
    ['0001', 'Mizuho Bank'],
    ['0005', 'MUFG Bank'],
    ['0009', 'Sumitomo Mitsui Banking Corporation (SMBC)'],
    ['0010', 'Resona Bank'],
    ['0033', 'PayPay Bank'],
    ['0036', 'Rakuten Bank'],
    ['9900', 'Japan Post Bank'],
  ]),
  PL: banks([
    ['102', 'PKO Bank Polski'],
    ['124', 'Bank Pekao'],
    ['114', 'mBank'],
    ['105', 'ING Bank Śląski'],
    ['109', 'Santander Bank Polska'],
    ['116', 'Bank Millennium'],
    ['249', 'Alior Bank'],
    ['160', 'BNP Paribas Bank Polska'],
    ['103', 'Citi Handlowy'],
  ]),
};

/** The mobile-money services of the targets with MOBILE-WALLET, as [code, title]. */
export const WALLETS: Partial<Record<TargetCountry, readonly Pair[]>> = {
  KE: [
    ['MPESA', 'M-PESA (Safaricom)'],
    ['AIRTEL-MONEY', 'Airtel Money'],
    ['T-KASH', 'T-Kash (Telkom)'],
  ],
  GH: [
    ['MTN-MOMO', 'MTN Mobile Money'],
    ['TELECEL-CASH', 'Telecel Cash'],
    ['AT-MONEY', 'AT Money'],
  ],
  PH: [
    ['GCASH', 'GCash'],
    ['MAYA', 'Maya'],
  ],
  BD: [
    ['BKASH', 'bKash'],
    ['NAGAD', 'Nagad'],
    ['ROCKET', 'Rocket (Dutch-Bangla Bank)'],
  ],
  NP: [
    ['ESEWA', 'eSewa'],
    ['KHALTI', 'Khalti'],
    ['IME-PAY', 'IME Pay'],
  ],
  PK: [
    ['JAZZCASH', 'JazzCash'],
    ['EASYPAISA', 'Easypaisa'],
  ],
};
