import type { Jobs } from '../jobs/index.ts';
import type { PasswordHasher } from '../lib/password-hasher.ts';
import { createAccountsModule, createCustomerAccountsPort } from '../modules/accounts/index.ts';
import { createCountriesModule } from '../modules/countries/index.ts';
import { createCustomersModule, type CustomersModule } from '../modules/customers/index.ts';
import {
  createCustomerDocumentsPort,
  createDocumentsModule,
  type DocumentsModule,
} from '../modules/documents/index.ts';
import { createFxModule } from '../modules/fx/index.ts';
import { createLedgerModule } from '../modules/ledger/index.ts';
import { createOperatorActionsModule } from '../modules/operator-actions/index.ts';
import { createOnboardingModule } from '../modules/onboarding/index.ts';
import { createPaymentsModule } from '../modules/payments/index.ts';
import { createReceiptsModule } from '../modules/receipts/index.ts';
import { createPayoutsModule, type PayoutsModule } from '../modules/payouts/index.ts';
import {
  attachRecipientToQuote,
  createQuotesModule,
  type QuotesModule,
} from '../modules/quotes/index.ts';
import { createRecipientsModule, type RecipientsModule } from '../modules/recipients/index.ts';
import { createSessionsModule } from '../modules/sessions/index.ts';
import {
  createSendingHistoryPort,
  createTransfersModule,
  finishedTransfersPort,
  transferSendsPort,
} from '../modules/transfers/index.ts';
import type { Platform } from './platform.ts';
import { configuredProviders, type ConfiguredProviders } from './providers.ts';

/**
 * The product's modules, each built from the platform and the services of the modules before
 * it, in dependency order. The money path's modules (quotes, recipients, documents,
 * transfers…) join this list.
 */
export function createDomainModules(platform: Platform, options: { hasher?: PasswordHasher }) {
  const providers = configuredProviders(platform.config, platform);
  const sessions = createSessionsModule(platform);
  const countries = createCountriesModule(platform);
  // The customer resource shows documents and the account: the documents and accounts modules'
  // ports, built from the platform alone, so customers can come first and those modules can
  // depend on it.
  const customers = createCustomersModule({
    ...platform,
    countries: countries.service,
    // Source of funds counts the customer's real sends: the transfers' port, from the database.
    documents: createCustomerDocumentsPort({ ...platform, sends: transferSendsPort }),
    accounts: createCustomerAccountsPort(platform),
  });
  const accounts = createAccountsModule({
    ...platform,
    ...(options.hasher ? { hasher: options.hasher } : {}),
    appUrl: platform.config.appUrl,
    sandboxNotice: platform.config.sandbox.notice,
    sessions: sessions.service,
    customers: customers.service,
  });
  const payouts = createPayoutsModule({
    ...platform,
    countries: countries.service,
    customers: customers.service,
  });
  const fx = createFxModule(platform);
  const recipients = createRecipientsModule({
    ...platform,
    payouts: payouts.service,
    countries: countries.service,
    quotes: { attachRecipient: attachRecipientToQuote },
    nameLookup: providers.nameLookup,
  });
  const documents = createDocumentsModule({
    ...platform,
    customers: customers.service,
    reviewer: providers.reviewer,
  });
  const onboarding = createOnboardingModule({
    ...platform,
    customers: customers.service,
    mobileNumbers: accounts.service.mobileNumbers,
    countries: countries.service,
    recipients: recipients.service,
    // Whether the customer has sent money: the transfers' port, from the database.
    transfers: createSendingHistoryPort(platform),
  });
  const quotes = createQuotesModule({
    ...platform,
    countries: countries.service,
    customers: customers.service,
    payouts: payouts.service,
    fx: fx.service,
    recipients: recipients.service,
    // The rolling limits count real transfers: the transfers' port, from the database.
    sends: createSendingHistoryPort(platform),
  });
  const { ledger, payments, transfers, operatorActions, receipts } = createMoneyPathModules(
    platform,
    providers,
    { customers, quotes, recipients, payouts, documents },
  );
  return {
    sessions,
    countries,
    customers,
    onboarding,
    accounts,
    payouts,
    fx,
    recipients,
    quotes,
    documents,
    ledger,
    payments,
    transfers,
    operatorActions,
    receipts,
  };
}

/**
 * The money path (issue 29): the ledger, whose one writer every money movement goes through
 * (docs/decisions/0037-the-ledger.md), payments with their providers, then the transfers that own
 * them.
 */
function createMoneyPathModules(
  platform: Platform,
  providers: ConfiguredProviders,
  before: {
    customers: CustomersModule;
    quotes: QuotesModule;
    recipients: RecipientsModule;
    payouts: PayoutsModule;
    documents: DocumentsModule;
  },
) {
  const ledger = createLedgerModule({ ...platform, finishedTransfers: finishedTransfersPort });
  const payments = createPaymentsModule({
    ...platform,
    customers: before.customers.service,
    providers: providers.paymentProviders,
  });
  const transfers = createTransfersModule({
    ...platform,
    customers: before.customers.service,
    quotes: before.quotes.service,
    recipients: before.recipients.service,
    payouts: before.payouts.service,
    payments: payments.service,
    ledger: ledger.service,
    payoutPartner: providers.payoutPartner,
    documents: before.documents,
    timing: {
      settleMs: platform.config.payments.sandboxSettleSeconds * 1000,
      stepMs: platform.config.payoutSandbox.stepSeconds * 1000,
    },
  });
  // An operator's block or unblock of a customer's sending, and the transfers:* actions, each
  // recorded with who and why.
  const operatorActions = createOperatorActionsModule({
    ...platform,
    customers: before.customers.service,
    transfers: transfers.operator,
    payments: payments.service,
  });
  // Receipts and statements read transfers as their owner presents them (issue 30).
  const receipts = createReceiptsModule({
    ...platform,
    customers: before.customers.service,
    payouts: before.payouts.service,
    recipients: before.recipients.service,
    transfers: transfers.service,
  });
  return { ledger, payments, transfers, operatorActions, receipts };
}

export type DomainModules = ReturnType<typeof createDomainModules>;

/** Every module's jobs, registered in each process that works them (`npm start`, the worker). */
export function registerModuleJobs(modules: DomainModules, jobs: Pick<Jobs, 'register'>): void {
  for (const module of Object.values(modules)) {
    if ('jobs' in module) module.jobs(jobs);
  }
}
