import type { Locale } from '@corridor/contracts/wire';
import { apiCatalogue, type ApiTextKey } from '../../apps/server/src/i18n/catalogue.ts';
import { fill } from '../../apps/server/src/i18n/text-table.ts';
import accountVerificationEn from '../../apps/web/src/features/account-verification/messages/en.json' with { type: 'json' };
import accountVerificationEs from '../../apps/web/src/features/account-verification/messages/es.json' with { type: 'json' };
import accountsEn from '../../apps/web/src/features/accounts/messages/en.json' with { type: 'json' };
import accountsEs from '../../apps/web/src/features/accounts/messages/es.json' with { type: 'json' };
import customersEn from '../../apps/web/src/features/customers/messages/en.json' with { type: 'json' };
import customersEs from '../../apps/web/src/features/customers/messages/es.json' with { type: 'json' };
import dashboardEn from '../../apps/web/src/features/dashboard/messages/en.json' with { type: 'json' };
import dashboardEs from '../../apps/web/src/features/dashboard/messages/es.json' with { type: 'json' };
import onboardingEn from '../../apps/web/src/features/onboarding/messages/en.json' with { type: 'json' };
import onboardingEs from '../../apps/web/src/features/onboarding/messages/es.json' with { type: 'json' };
import paymentsEn from '../../apps/web/src/features/payments/messages/en.json' with { type: 'json' };
import paymentsEs from '../../apps/web/src/features/payments/messages/es.json' with { type: 'json' };
import quotesEn from '../../apps/web/src/features/quotes/messages/en.json' with { type: 'json' };
import quotesEs from '../../apps/web/src/features/quotes/messages/es.json' with { type: 'json' };
import recipientsEn from '../../apps/web/src/features/recipients/messages/en.json' with { type: 'json' };
import recipientsEs from '../../apps/web/src/features/recipients/messages/es.json' with { type: 'json' };
import sessionsEn from '../../apps/web/src/features/sessions/messages/en.json' with { type: 'json' };
import sessionsEs from '../../apps/web/src/features/sessions/messages/es.json' with { type: 'json' };
import transactionsEn from '../../apps/web/src/features/transactions/messages/en.json' with { type: 'json' };
import transactionsEs from '../../apps/web/src/features/transactions/messages/es.json' with { type: 'json' };
import moneyBackEn from '../../apps/web/src/features/transactions/money-back/messages/en.json' with { type: 'json' };
import moneyBackEs from '../../apps/web/src/features/transactions/money-back/messages/es.json' with { type: 'json' };
import statementsEn from '../../apps/web/src/features/transactions/statements/messages/en.json' with { type: 'json' };
import statementsEs from '../../apps/web/src/features/transactions/statements/messages/es.json' with { type: 'json' };
import transferEn from '../../apps/web/src/features/transfer/messages/en.json' with { type: 'json' };
import transferEs from '../../apps/web/src/features/transfer/messages/es.json' with { type: 'json' };
import { formatMessage, type MessageValues } from '../../apps/web/src/i18n/format-message.ts';
import commonEn from '../../apps/web/src/i18n/messages/en.json' with { type: 'json' };
import commonEs from '../../apps/web/src/i18n/messages/es.json' with { type: 'json' };

/**
 * The screens' words in each language, read from the product's own catalogues (decision 19):
 * the web app's `messages/<locale>.json` beside each feature, and the API's `apiCatalogue` (field
 * labels, options, the server's messages). A journey finds what it presses by these, so it
 * follows the wording and the translations as they change; a key the English source drops fails
 * the typecheck, a key Spanish lacks fails the journey saying which.
 */

type Catalogue<Source> = Readonly<Record<keyof Source, string>>;

export interface Texts {
  locale: Locale;
  common: Catalogue<typeof commonEn>;
  accounts: Catalogue<typeof accountsEn>;
  accountVerification: Catalogue<typeof accountVerificationEn>;
  customers: Catalogue<typeof customersEn>;
  dashboard: Catalogue<typeof dashboardEn>;
  onboarding: Catalogue<typeof onboardingEn>;
  payments: Catalogue<typeof paymentsEn>;
  quotes: Catalogue<typeof quotesEn>;
  recipients: Catalogue<typeof recipientsEn>;
  sessions: Catalogue<typeof sessionsEn>;
  transactions: Catalogue<typeof transactionsEn>;
  /** The transaction's cancellation and refunds (features/transactions/money-back). */
  moneyBack: Catalogue<typeof moneyBackEn>;
  /** The statement dialog (features/transactions/statements). */
  statements: Catalogue<typeof statementsEn>;
  transfer: Catalogue<typeof transferEn>;
  /** A catalogue's message as the screen shows it: `values` in, tags dropped. */
  format(message: string, values?: MessageValues): string;
  /** The API's text of `key` (what the server sends, in this language), `values` in. */
  api(key: ApiTextKey, values?: Readonly<Record<string, string | number>>): string;
  /** A country's name as the app shows it (`Intl.DisplayNames`, decision 19). */
  country(iso2: string): string;
}

/** A translation as typed as its source; a key it lacks fails where it is read, naming it. */
function translation<Source extends object>(
  name: string,
  messages: Readonly<Record<string, string>>,
): Catalogue<Source> {
  return new Proxy(messages, {
    get(target, key) {
      const message = typeof key === 'string' ? target[key] : undefined;
      if (message === undefined) throw new Error(`${name}: no Spanish for "${String(key)}" yet`);
      return message;
    },
  }) as Catalogue<Source>;
}

function textsIn(
  locale: Locale,
): Omit<
  Texts,
  | 'common'
  | 'accounts'
  | 'accountVerification'
  | 'customers'
  | 'dashboard'
  | 'onboarding'
  | 'payments'
  | 'quotes'
  | 'recipients'
  | 'sessions'
  | 'transactions'
  | 'moneyBack'
  | 'statements'
  | 'transfer'
> {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return {
    locale,
    format: (message, values) => formatMessage(message, locale, values),
    api: (key, values) => {
      const template = apiCatalogue[key][locale];
      return values === undefined ? template : fill(template, values);
    },
    country: (iso2) => names.of(iso2) ?? iso2,
  };
}

export const english: Texts = {
  ...textsIn('en'),
  common: commonEn,
  accounts: accountsEn,
  accountVerification: accountVerificationEn,
  customers: customersEn,
  dashboard: dashboardEn,
  onboarding: onboardingEn,
  payments: paymentsEn,
  quotes: quotesEn,
  recipients: recipientsEn,
  sessions: sessionsEn,
  transactions: transactionsEn,
  moneyBack: moneyBackEn,
  statements: statementsEn,
  transfer: transferEn,
};

export const spanish: Texts = {
  ...textsIn('es'),
  common: translation('i18n/messages/es.json', commonEs),
  accounts: translation('features/accounts/messages/es.json', accountsEs),
  accountVerification: translation(
    'features/account-verification/messages/es.json',
    accountVerificationEs,
  ),
  customers: translation('features/customers/messages/es.json', customersEs),
  dashboard: translation('features/dashboard/messages/es.json', dashboardEs),
  onboarding: translation('features/onboarding/messages/es.json', onboardingEs),
  payments: translation('features/payments/messages/es.json', paymentsEs),
  quotes: translation('features/quotes/messages/es.json', quotesEs),
  recipients: translation('features/recipients/messages/es.json', recipientsEs),
  sessions: translation('features/sessions/messages/es.json', sessionsEs),
  transactions: translation('features/transactions/messages/es.json', transactionsEs),
  moneyBack: translation('features/transactions/money-back/messages/es.json', moneyBackEs),
  statements: translation('features/transactions/statements/messages/es.json', statementsEs),
  transfer: translation('features/transfer/messages/es.json', transferEs),
};
