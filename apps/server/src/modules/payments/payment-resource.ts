import type { Locale, Payment, PaymentMethod, PaymentStateCode } from '@corridor/contracts';
import { Money } from '../../lib/money.ts';
import { stableId } from '../../lib/stable-id.ts';
import { paymentStateResource } from './payment-states.ts';
import type { PaymentFacts, PaymentProvider } from './payment-provider.ts';
import type { PaymentRow } from './payments.repository.ts';

/**
 * A payment as the wire sends it (docs/product/sending-money.md#payments): `transaction.payment`,
 * and the answer of a retry or a cancel, in the request's language.
 */

/** What the resource reads of a payment's row, as its provider describes it. */
export function paymentFactsOf(row: PaymentRow): PaymentFacts {
  return {
    id: row.id,
    reference: row.reference,
    currency: row.currency,
    amount: Money.fromMinor(row.amount_minor, row.currency).toDecimalString(),
    deadline: row.deadline,
    state: row.state as PaymentStateCode,
    customerConfirmed: row.customer_confirmed_payment,
  };
}

export function paymentResource(
  row: PaymentRow,
  context: { provider: PaymentProvider; method: PaymentMethod; locale: Locale },
): Payment {
  const { provider, method, locale } = context;
  const facts = paymentFactsOf(row);
  return {
    id: row.id,
    state: paymentStateResource(facts.state, locale),
    payment_method: {
      id: method.id,
      code: method.code,
      title: method.title,
      description: method.description,
    },
    payment_provider: {
      id: stableId('payment-provider', provider.code),
      code: provider.code,
      title: provider.title,
      description: null,
      payment_data_requirements: provider.requirements(locale),
    },
    ...Money.fromMinor(row.amount_minor, row.currency).toWire('total_payment_amount'),
    shared_reference: row.reference,
    // A hosted provider's page (the card's) while payable; a bank transfer has none.
    payment_url: provider.paymentUrl?.(facts, locale) ?? null,
    client_payment_account: provider.instructions(facts, locale),
    // The customer's own paying account is unknown until their bank's payment arrives.
    payment_account: null,
    card:
      row.card_brand !== null && row.card_last4 !== null
        ? { brand: row.card_brand, last4: row.card_last4 }
        : null,
    customer_confirmed_payment: row.customer_confirmed_payment,
    expires_at: row.deadline === null ? null : row.deadline.toISOString(),
    payment_terms: provider.terms(facts, locale),
    awaiting_confirmation: provider.awaitingConfirmation(facts),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
