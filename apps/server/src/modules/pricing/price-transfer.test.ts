import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { Money } from '../../lib/money.ts';
import {
  PRICING_VERSION,
  PricingError,
  priceTransfer,
  type PriceTransferInput,
  type SentTotals,
  type VerificationLevel,
} from './index.ts';

const nothingSent = (currency: string): SentTotals => ({
  last_24_hours: Money.zero(currency),
  last_30_days: Money.zero(currency),
  last_180_days: Money.zero(currency),
});

function input(
  corridor: string,
  mid_rate: string,
  amount_type: 'send' | 'receive',
  amount: string,
  level: VerificationLevel = 'verified',
): PriceTransferInput {
  const [currencies = '', method = ''] = corridor.split(' ');
  const [source_currency = '', target_currency = ''] = currencies.split('-');
  return {
    corridor: { source_currency, target_currency, method },
    mid_rate,
    amount_type,
    amount: Money.parse(amount, amount_type === 'send' ? source_currency : target_currency),
    sending_limits: { verification_level: level, sent: nothingSent(source_currency) },
  };
}

/** The figures a person checks, as strings. */
function figures(price: ReturnType<typeof priceTransfer>) {
  return {
    send_amount: price.send_amount.toString(),
    fee: price.fee.toString(),
    total_to_pay: price.total_to_pay.toString(),
    our_rate: price.our_rate,
    recipient_gets: price.recipient_gets.toString(),
    markup_cost: price.markup_cost.toString(),
    total_cost: price.total_cost.toString(),
    total_cost_percent: price.total_cost_percent,
  };
}

function pricingError(run: () => unknown): PricingError {
  try {
    run();
  } catch (error) {
    if (error instanceof PricingError) return error;
    throw error;
  }
  throw new Error('expected a PricingError');
}

describe('priceTransfer, hand-checked', () => {
  it('prices a send amount: GBP 100 to India by bank at mid 105', () => {
    // GBP-INR bank overrides: margin 0.40 %, first tier (≤ 1,000) 0.49 + 0.40 %.
    // our rate = 105 × (1 − 0.0040) = 104.58 (exact, 5 significant digits)
    // recipient = 100.00 × 104.58 = 10,458.00 INR
    // fee = 0.49 + 0.40 % × 100.00 = 0.49 + 0.40 = 0.89; total to pay 100.89
    // markup = 100.00 − 10,458.00 / 105 = 100.00 − 99.60 = 0.40; total cost 1.29 = 1.29 %
    const price = priceTransfer(input('GBP-INR BANK-ACCOUNT', '105', 'send', '100'));
    expect(figures(price)).toEqual({
      send_amount: 'GBP 100.00',
      fee: 'GBP 0.89',
      total_to_pay: 'GBP 100.89',
      our_rate: '104.58',
      recipient_gets: 'INR 10458.00',
      markup_cost: 'GBP 0.40',
      total_cost: 'GBP 1.29',
      total_cost_percent: '1.29',
    });
    expect(price.mid_market_rate).toBe('105');
    expect(price.markup_percent).toBe('0.40');
    expect(price.pricing_version).toBe(PRICING_VERSION);
    expect(price.fee_tier).toEqual({ up_to: '1000', fixed: '0.49', percent: '0.40' });
    expect(price.alerts).toEqual({});
    expect(price.sending_limit).toBeNull();
  });

  it('prices a receive amount: INR 10,000 at mid 105 needs GBP 95.62 and pays 10,000.00', () => {
    // Issue 28: the receive amount is paid exactly and the send rounds down (was GBP 95.63,
    // paying INR 10,000.98 for the 10,000.00 asked).
    // our rate 104.58; send = ⌊10,000.00 / 104.58⌋ = ⌊95.6205…⌋ = 95.62 (95.63 would buy 10,000.98)
    // recipient = 10,000.00, as asked
    // fee = 0.49 + 0.40 % × 95.62 = 0.49 + ⌈0.38248⌉ = 0.49 + 0.39 = 0.88
    // markup = 95.62 − ⌊10,000.00 / 105⌋ = 95.62 − ⌊95.2380…⌋ = 95.62 − 95.23 = 0.39
    // total cost 1.27; 1.27 / 95.62 = 1.328…% → 1.33
    const price = priceTransfer(input('GBP-INR BANK-ACCOUNT', '105', 'receive', '10000'));
    expect(figures(price)).toEqual({
      send_amount: 'GBP 95.62',
      fee: 'GBP 0.88',
      total_to_pay: 'GBP 96.50',
      our_rate: '104.58',
      recipient_gets: 'INR 10000.00',
      markup_cost: 'GBP 0.39',
      total_cost: 'GBP 1.27',
      total_cost_percent: '1.33',
    });
    expect(price.amount_type).toBe('receive');
  });

  it('truncates our rate to 8 significant digits and pays whole yen', () => {
    // USD-JPY bank: margin 0.35 %, first tier 0.99 + 0.45 %.
    // 151.234567 × 0.9965 = 150.7052460155 → 150.70524 (8 significant digits, down)
    // recipient = 1,000.00 × 150.70524 = 150,705.24 → 150,705 JPY (down, 0 decimals)
    // fee = 0.99 + 0.45 % × 1,000.00 = 0.99 + 4.50 = 5.49
    // markup = 1,000.00 − ⌊150,705 / 151.234567⌋ = 1,000.00 − ⌊996.4984…⌋ = 1,000.00 − 996.49 = 3.51
    // total cost 5.49 + 3.51 = 9.00 = 0.90 % of 1,000.00
    const price = priceTransfer(input('USD-JPY BANK-ACCOUNT', '151.234567', 'send', '1000'));
    expect(figures(price)).toEqual({
      send_amount: 'USD 1000.00',
      fee: 'USD 5.49',
      total_to_pay: 'USD 1005.49',
      our_rate: '150.70524',
      recipient_gets: 'JPY 150705',
      markup_cost: 'USD 3.51',
      total_cost: 'USD 9.00',
      total_cost_percent: '0.90',
    });
  });

  it('asks for whole yen and pays exactly that, the send rounded down', () => {
    // our rate 150.70524; send = ⌊10,000 / 150.70524⌋ cents = ⌊66.3547…⌋ = 66.35 USD
    // (issue 28: was 66.36, the least send buying at least 10,000); the recipient gets 10,000
    const price = priceTransfer(input('USD-JPY BANK-ACCOUNT', '151.234567', 'receive', '10000'));
    expect(price.send_amount.toString()).toBe('USD 66.35');
    expect(price.recipient_gets.toString()).toBe('JPY 10000');
  });

  it('keeps big rates exact: GBP 250 to Vietnam by cash at mid 32,876.5', () => {
    // GBP cash: margin 1.00 %, first tier (≤ 500) 1.99 + 0.60 %.
    // 32,876.5 × 0.99 = 32,547.735 (8 significant digits, kept whole)
    // recipient = 250.00 × 32,547.735 = 8,136,933.75 → 8,136,933 VND
    // fee = 1.99 + 0.60 % × 250.00 = 1.99 + 1.50 = 3.49
    // markup = 250.00 − ⌊8,136,933 / 32,876.5⌋ = 250.00 − ⌊247.4999…⌋ = 250.00 − 247.49 = 2.51
    // total cost 6.00 = 2.40 % of 250.00
    const price = priceTransfer(input('GBP-VND CASH-PICKUP', '32876.5', 'send', '250'));
    expect(figures(price)).toEqual({
      send_amount: 'GBP 250.00',
      fee: 'GBP 3.49',
      total_to_pay: 'GBP 253.49',
      our_rate: '32547.735',
      recipient_gets: 'VND 8136933',
      markup_cost: 'GBP 2.51',
      total_cost: 'GBP 6.00',
      total_cost_percent: '2.40',
    });
  });

  it('moves to the next fee tier just above its bound', () => {
    // GBP bank (defaults), to Poland at mid 5: tiers ≤ 1,000: 0.79 + 0.45 %; ≤ 10,000: 1.79 + 0.35 %.
    // 1,000.00 → 0.79 + 4.50 = 5.29; 1,000.01 → 1.79 + ⌈3.500035⌉ = 1.79 + 3.51 = 5.30
    const at = priceTransfer(input('GBP-PLN BANK-ACCOUNT', '5', 'send', '1000'));
    const above = priceTransfer(input('GBP-PLN BANK-ACCOUNT', '5', 'send', '1000.01'));
    expect([at.fee.toString(), above.fee.toString()]).toEqual(['GBP 5.29', 'GBP 5.30']);
    expect(above.fee_tier.up_to).toBe('10000');
  });
});

describe('alerts, never errors', () => {
  it('says the minimum and maximum on the side the customer typed', () => {
    // GBP cash pickup: 5.00 to 5,000.00.
    const below = priceTransfer(input('GBP-PHP CASH-PICKUP', '72', 'send', '4.99'));
    expect(below.alerts).toEqual({ send_amount: 'The minimum you can send is GBP 5.00.' });
    const above = priceTransfer(input('GBP-PHP CASH-PICKUP', '72', 'send', '5000.01'));
    expect(above.alerts).toEqual({
      send_amount: 'The maximum you can send in one transfer is GBP 5,000.00.',
    });
    // KES wallet at mid 170: our rate 170 × 0.992 = 168.64. The send of a fixed payout rounds
    // down (issue 28), so the most is the last payout whose send is ⌊r / 168.64⌋ ≤ 5,000.00:
    // r < 5,000.01 × 168.64 = 843,201.6864, so KES 843,201.68 (was 843,200.00, what 5,000.00
    // bought when the send rounded up).
    const tooMuch = priceTransfer(input('GBP-KES MOBILE-WALLET', '170', 'receive', '1000000'));
    expect(tooMuch.alerts).toEqual({
      payout_amount: 'The maximum the recipient can get in one transfer is KES 843,201.68.',
    });
    // The minimum is GBP 1.00: ⌊r / 168.64⌋ ≥ 1.00 from r = 168.64 (was 166.96, the least whose
    // rounded-up send was 1.00); 168.63 sends 0.99.
    const tooLittle = priceTransfer(input('GBP-KES MOBILE-WALLET', '170', 'receive', '168.63'));
    expect(tooLittle.send_amount.toString()).toBe('GBP 0.99');
    expect(tooLittle.alerts).toEqual({
      payout_amount: 'The minimum the recipient can get is KES 168.64.',
    });
    expect(translate(tooLittle.alerts.payout_amount ?? '', 'es')).toBe(
      'El importe mínimo que puede recibir el destinatario es KES 168.64.',
    );
    const least = priceTransfer(input('GBP-KES MOBILE-WALLET', '170', 'receive', '168.64'));
    expect([least.send_amount.toString(), least.recipient_gets.toString()]).toEqual([
      'GBP 1.00',
      'KES 168.64',
    ]);
    expect(least.alerts).toEqual({});
    const most = priceTransfer(input('GBP-KES MOBILE-WALLET', '170', 'receive', '843201.68'));
    expect([most.send_amount.toString(), most.alerts]).toEqual(['GBP 5000.00', {}]);
    const exact = priceTransfer(input('GBP-KES MOBILE-WALLET', '170', 'receive', '843200'));
    expect([exact.send_amount.toString(), exact.recipient_gets.toString()]).toEqual([
      'GBP 5000.00',
      'KES 843200.00',
    ]);
  });

  it('says how much is left of a rolling limit, and what raises it', () => {
    // Unverified GBP: 500 in 24 h. 300 sent + 250 = 550 > 500: 200.00 left.
    const sent: SentTotals = {
      last_24_hours: Money.parse('300', 'GBP'),
      last_30_days: Money.parse('300', 'GBP'),
      last_180_days: Money.parse('300', 'GBP'),
    };
    const price = priceTransfer({
      ...input('GBP-INR BANK-ACCOUNT', '105', 'send', '250'),
      sending_limits: { verification_level: 'unverified', sent },
    });
    const message =
      'You can send up to GBP 200.00 more in the next 24 hours. Verify your identity to send more.';
    expect(price.alerts).toEqual({ send_amount: message });
    expect(price.sending_limit?.window).toBe('last_24_hours');
    expect(translate(message, 'es')).toBe(
      'Puedes enviar hasta GBP 200.00 más en las próximas 24 horas. Verifica tu identidad para enviar más.',
    );
  });

  it('puts a rolling limit on send_amount when the customer typed the payout', () => {
    const price = priceTransfer(
      input('GBP-INR BANK-ACCOUNT', '105', 'receive', '100000', 'unverified'),
    );
    // 100,000 INR needs about GBP 956: over the unverified 500 in 24 h, within the maximum.
    expect(price.alerts).toEqual({
      send_amount:
        'You can send up to GBP 500.00 more in the next 24 hours. Verify your identity to send more.',
    });
  });

  it('prices an absurd amount with an alert', () => {
    const price = priceTransfer(input('USD-MXN BANK-ACCOUNT', '18.2', 'send', '1'.repeat(30)));
    expect(price.send_amount.minor).toBe(BigInt('1'.repeat(30)) * 100n);
    expect(price.alerts.send_amount).toBe(
      'The maximum you can send in one transfer is USD 30,000.00.',
    );
  });
});

describe('input errors', () => {
  it('refuses an amount of zero or less, on the field amount', () => {
    for (const amount of ['0', '-0.01', '-100']) {
      const error = pricingError(() =>
        priceTransfer(input('GBP-INR BANK-ACCOUNT', '105', 'send', amount)),
      );
      expect([error.code, error.field, error.message]).toEqual([
        'amount_not_positive',
        'amount',
        'Enter an amount greater than zero.',
      ]);
    }
    expect(translate('Enter an amount greater than zero.', 'es')).toBe(
      'Introduce un importe mayor que cero.',
    );
    const receive = pricingError(() =>
      priceTransfer(input('GBP-JPY BANK-ACCOUNT', '190', 'receive', '0')),
    );
    expect(receive.code).toBe('amount_not_positive');
  });

  it('refuses a corridor we do not price, a bad rate and a wrong currency', () => {
    const base = input('GBP-INR BANK-ACCOUNT', '105', 'send', '100');
    const unknown = [
      { ...base.corridor, method: 'MOBILE-WALLET' }, // India has no wallet payout
      { ...base.corridor, target_currency: 'USD' },
      { ...base.corridor, source_currency: 'JPY' },
    ];
    for (const corridor of unknown) {
      expect(pricingError(() => priceTransfer({ ...base, corridor })).code).toBe(
        'unknown_corridor',
      );
    }
    for (const mid_rate of ['0', '0.000', '-1', '1e3', '', ' 105', 'abc', '1.', '.5']) {
      expect(pricingError(() => priceTransfer({ ...base, mid_rate })).code, mid_rate).toBe(
        'invalid_rate',
      );
    }
    const inInr = { ...base, amount: Money.parse('100', 'INR') };
    expect(pricingError(() => priceTransfer(inInr)).code).toBe('currency_mismatch');
    const sentInUsd = {
      ...base,
      sending_limits: { verification_level: 'verified' as const, sent: nothingSent('USD') },
    };
    expect(pricingError(() => priceTransfer(sentInUsd)).code).toBe('currency_mismatch');
  });
});
