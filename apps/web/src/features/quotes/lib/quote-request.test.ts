import { describe, expect, it } from 'vitest';
import {
  bankMethod,
  indiaTarget,
  quoteFixture,
  quoteRecipientFixture,
  ukSource,
} from '@/test/quote-fixtures';
import { amountOn, fixedAmount, initialRequest, requestOf, selectionOf } from './quote-request';

describe('quote requests', () => {
  const quote = quoteFixture({ amount_type: 'receive', amount: '10540.31' });

  it('start from the server’s defaults, or from a recipient’s corridor and method', () => {
    expect(initialRequest()).toEqual({});
    expect(initialRequest(quoteRecipientFixture())).toEqual({
      payout_country_id: indiaTarget.country.id,
      payout_currency_id: indiaTarget.currency.id,
      payout_method_id: bankMethod.id,
    });
  });

  it('name what a quote prices, to save exactly that', () => {
    expect(selectionOf(quote)).toEqual({
      payment_country_id: ukSource.country.id,
      payment_currency_id: ukSource.currency.id,
      payout_country_id: indiaTarget.country.id,
      payout_currency_id: indiaTarget.currency.id,
      payout_method_id: bankMethod.id,
      payout_company_id: quote.payout_company?.id,
    });
    expect(requestOf(quote)).toMatchObject({ amount_type: 'receive', amount: '10540.31' });
  });

  it('keep what the customer typed, and the server’s figures elsewhere', () => {
    const typed = { side: 'send' as const, value: '250', shown: '250' };
    expect(amountOn(quote, 'send', typed)).toBe('250');
    expect(amountOn(quote, 'receive', typed)).toBe('10540.31');
    expect(fixedAmount(quote, typed)).toEqual({ amount_type: 'send', amount: '250' });
    // Half-typed or emptied: the quote's own amount stands.
    expect(fixedAmount(quote, { side: 'send', value: null, shown: '25' })).toEqual({
      amount_type: 'receive',
      amount: '10540.31',
    });
    expect(fixedAmount(quote, null)).toEqual({ amount_type: 'receive', amount: '10540.31' });
  });
});
