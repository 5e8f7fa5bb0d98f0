import { MANUAL_PAYMENT_PROVIDER_CODE, type Locale, type PaymentMethod } from '@corridor/contracts';
import { stableId } from '../../lib/stable-id.ts';
import { apiText, translate, type PlainTextKey } from '../../i18n/index.ts';

/**
 * How a customer can pay for a transfer (docs/sandbox-providers.md#payments): the two sandbox methods, MANUAL-PAYMENT (a
 * bank transfer with our reference) and SANDBOX-CARD (the hosted card page), with stable
 * name-based ids. A saved quote lists them for the transfer wizard; the payments themselves, and
 * these methods' providers behind them, come with the payments issue. The client reads
 * `providers[0]`, and picks its payment screen by the provider's code (MANUAL-PAYMENT for a bank
 * transfer, as the original product's clients expect); a provider's name is a brand, the same in
 * every language.
 */
interface CatalogueEntry {
  code: string;
  title: PlainTextKey;
  description: PlainTextKey;
  provider: { code: string; title: string };
}

const CATALOGUE: readonly CatalogueEntry[] = [
  {
    code: 'MANUAL-PAYMENT',
    title: 'quotes.paymentMethod.manual.title',
    description: 'quotes.paymentMethod.manual.description',
    provider: { code: MANUAL_PAYMENT_PROVIDER_CODE, title: 'Corridor Sandbox Bank' },
  },
  {
    code: 'SANDBOX-CARD',
    title: 'quotes.paymentMethod.card.title',
    description: 'quotes.paymentMethod.card.description',
    provider: { code: 'CORRIDOR-SANDBOX-CARD', title: 'Corridor Sandbox Card' },
  },
];

const byLocale = new Map<Locale, PaymentMethod[]>();

/** The payment methods in `locale`, in the order the wizard offers them. */
export function paymentMethods(locale: Locale): PaymentMethod[] {
  let methods = byLocale.get(locale);
  if (!methods) {
    methods = CATALOGUE.map((entry) => ({
      id: stableId('payment-method', entry.code),
      code: entry.code,
      title: translate(apiText(entry.title), locale),
      description: translate(apiText(entry.description), locale),
      providers: [
        {
          id: stableId('payment-provider', entry.provider.code),
          code: entry.provider.code,
          title: entry.provider.title,
          description: null,
        },
      ],
    }));
    byLocale.set(locale, methods);
  }
  return methods;
}
