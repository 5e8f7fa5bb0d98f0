import crypto from 'node:crypto';
import { apiPaths, payoutChannelSchema, type PayoutChannel } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
// Test code (not run by the app): it arranges rows of other modules' tables, as tests may.
/* eslint-disable no-restricted-imports */
import { countries } from '../countries/countries.schema.ts';
import { currencies } from '../payouts/payouts.schema.ts';
import { quotes } from '../quotes/quotes.schema.ts';
import {
  payoutMethodId,
  payoutTargetId,
  relationshipId,
} from '../payouts/payout-reference-data.ts';
/* eslint-enable no-restricted-imports */
import type { TestBrowser } from '../../test/test-browser.ts';
import { signedInCustomer } from '../../test/factories.ts';
import { optionById, subDeliveryOptions } from './channels/index.ts';

/**
 * What the recipients tests share (test code only): customers, the channels through the API,
 * ready-made bodies of real accounts, and saved quotes written straight into the table.
 */

export type Method = 'BANK-ACCOUNT' | 'MOBILE-WALLET' | 'CASH-PICKUP';

export const SIBLING = relationshipId('SIBLING');
export const FRIEND = relationshipId('FRIEND');
export const MYSELF = relationshipId('MYSELF');

export const CURRENCY_OF: Record<string, string> = {
  NG: 'NGN',
  PL: 'PLN',
  KE: 'KES',
  IN: 'INR',
  PH: 'PHP',
  BD: 'BDT',
  PK: 'PKR',
};

export async function countryIdOf(db: Database, iso2: string): Promise<string> {
  const [row] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso2_alpha, iso2));
  if (!row) throw new Error(`no country ${iso2}`);
  return row.id;
}

export const corridorOf = (iso2: string, method: Method) => {
  const currency = CURRENCY_OF[iso2] ?? '';
  return {
    targetId: payoutTargetId(iso2, currency),
    methodId: payoutMethodId(iso2, currency, method),
  };
};

/** `GET /client/v1/payout/channel` of a target and method. */
export async function channelOf(
  browser: TestBrowser,
  db: Database,
  iso2: string,
  method: Method,
  locale = 'en',
): Promise<PayoutChannel> {
  const [currency] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.iso_alpha, CURRENCY_OF[iso2] ?? ''));
  if (!currency) throw new Error(`no currency of ${iso2}`);
  const query = new URLSearchParams({
    country_id: await countryIdOf(db, iso2),
    currency_id: currency.id,
    payout_method_id: corridorOf(iso2, method).methodId,
  });
  const response = await browser.request('GET', `${apiPaths.payoutChannel}?${query}`, undefined, {
    'accept-language': locale,
  });
  if (response.statusCode !== 200) throw new Error(`channel ${iso2} ${method}: ${response.body}`);
  return payoutChannelSchema.parse(response.json());
}

/** The id of an option of a channel attribute, by its code. */
export function optionOf(channel: PayoutChannel, attribute: string, code: string): string {
  const option = channel.attributes
    .find((candidate) => candidate.attribute === attribute)
    ?.options.find((candidate) => candidate.code === code);
  if (!option) throw new Error(`no option ${code} of ${attribute}`);
  return option.id;
}

export const branchOf = (bankId: string, code: string): string => {
  const branch = subDeliveryOptions(bankId)?.find((candidate) => candidate.code === code);
  if (!branch) throw new Error(`no branch ${code}`);
  return branch.id;
};

export const optionTitle = (id: string) => optionById(id)?.title;

/** A Guaranty Trust Bank NUBAN (docs/sandbox-providers.md): named, not found, closed. */
export const NUBAN = { named: '0123456785', notFound: '1234560000', closed: '1234581111' };

export const nigerianBank = (channel: PayoutChannel, account = NUBAN.named) => ({
  relationship_id: SIBLING,
  recipient_type: 'individual',
  bank: optionOf(channel, 'bank', '058'),
  account_number: account,
  // Ignored: the bank names the holder.
  name: 'Somebody Typed This',
});

export const polishIban = (channel: PayoutChannel) => ({
  relationship_id: FRIEND,
  recipient_type: 'business',
  name: 'Kowalski & Syn Sp. z o.o.',
  bank: optionOf(channel, 'bank', '109'),
  iban: 'PL61 1090 1014 0000 0712 1981 2874',
});

export const kenyanWallet = (channel: PayoutChannel, kenya: string) => ({
  relationship_id: SIBLING,
  name: 'Wanjiku',
  second_name: 'Achieng',
  third_name: 'Kamau',
  wallet_provider: channel.attributes.find((a) => a.attribute === 'wallet_provider')?.options[0]
    ?.id,
  mobile_number: { country: kenya, number: '0712 345678' },
});

export const indianBank = (channel: PayoutChannel, name = 'Asha') => ({
  relationship_id: SIBLING,
  recipient_type: 'individual',
  name,
  third_name: 'Rao',
  bank: optionOf(channel, 'bank', 'SBIN'),
  ifsc: 'sbin0000300',
  account_number: '50100123456789',
  confirm_account_number: '50100123456789',
});

export async function newCustomer(app: FastifyInstance, db: Database) {
  return signedInCustomer(app, db);
}

/** A saved quote row for the customer, paying out through `iso2`'s method, expiring at `expiresAt`. */
export async function insertQuote(
  db: Database,
  input: { customerId: string; iso2: string; method: Method; now: Date; expiresAt: Date },
): Promise<string> {
  const id = crypto.randomUUID();
  const { targetId, methodId } = corridorOf(input.iso2, input.method);
  await db.insert(quotes).values({
    id,
    customer_id: input.customerId,
    payment_country_id: await countryIdOf(db, 'GB'),
    payment_currency: 'GBP',
    payout_target_id: targetId,
    payout_currency: CURRENCY_OF[input.iso2] ?? '',
    payout_method_id: methodId,
    amount_type: 'send',
    amount_minor: 10_000n,
    send_minor: 10_000n,
    fee_minor: 199n,
    total_minor: 10_199n,
    recipient_gets_minor: 19_500_000n,
    markup_cost_minor: 50n,
    total_cost_minor: 249n,
    min_send_minor: 100n,
    max_send_minor: 1_000_000n,
    total_cost_percent: '2.49',
    mid_market_rate: '1960.00',
    our_rate: '1950.20',
    markup_percent: '0.50',
    rate_as_of: input.now,
    rate_provider: 'sandbox',
    pricing_version: 'test',
    alerts: {},
    estimated_arrival: input.now,
    created_at: input.now,
    expires_at: input.expiresAt,
  });
  return id;
}
