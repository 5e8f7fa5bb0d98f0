import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { currencySchema } from './payouts.ts';

/**
 * Card payments (issue 30; docs/sandbox-providers.md#payments, docs/product/sending-money.md#paying-by-card):
 * the card provider's code, what the product keeps of a card, and the payment currencies' list.
 */

/** The sandbox card provider's `payment_provider.code`: clients pick their card screen by it. */
export const SANDBOX_CARD_PROVIDER_CODE = 'CORRIDOR-SANDBOX-CARD';

/** All the product keeps of a card: its brand and last four digits, from the provider. */
export const paymentCardSchema = lazySchema(() =>
  z.object({ brand: z.string(), last4: z.string().regex(/^\d{4}$/) }),
);
export type PaymentCard = z.infer<typeof paymentCardSchema>;

/** GET /client/v1/transaction/payment/currencies: the currencies the customer has paid in. */
export const paymentCurrenciesSchema = lazySchema(() =>
  z.object({ data: z.array(currencySchema) }),
);
export type PaymentCurrencies = z.infer<typeof paymentCurrenciesSchema>;
