import type { Config } from '../config/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { RandomSource } from '../lib/random.ts';
import { createSandboxReviewer, type IdentityReviewer } from '../modules/documents/index.ts';
import {
  createSandboxBank,
  createSandboxCard,
  type PaymentProvider,
} from '../modules/payments/index.ts';
import { createSandboxPayoutPartner, type PayoutPartner } from '../modules/payouts/index.ts';
import { createSandboxNameLookup, type AccountNameLookup } from '../modules/recipients/index.ts';

/** The adapters a module needs from outside, as configuration names them. */
export interface ConfiguredProviders {
  reviewer: IdentityReviewer;
  nameLookup: AccountNameLookup;
  /** Who pays recipients out; the transfers module will hand it each payout. */
  payoutPartner: PayoutPartner;
  /**
   * The payment providers by the method they serve (MANUAL-PAYMENT: BANK_TRANSFER_PROVIDER;
   * SANDBOX-CARD: CARD_PAYMENT_PROVIDER).
   */
  paymentProviders: ReadonlyMap<string, PaymentProvider>;
}

/**
 * Which provider serves each concern is configuration (docs/sandbox-providers.md#rules-for-every-provider):
 * each setting's values map to their adapter here, and a real adapter joins its map. Mail
 * (SMTP_URL) and FX rates (FX_PROVIDER) are chosen by their own modules from the same config.
 */
export function configuredProviders(
  config: Pick<Config, 'providers' | 'payoutSandbox' | 'payments' | 'appUrl'>,
  deps: { clock: Clock; random: RandomSource },
): ConfiguredProviders {
  const reviewers = { sandbox: createSandboxReviewer } as const;
  const nameLookups = { sandbox: createSandboxNameLookup } as const;
  const payoutPartners = {
    sandbox: () =>
      createSandboxPayoutPartner({ ...deps, stepMs: config.payoutSandbox.stepSeconds * 1000 }),
  } as const;
  const banks = {
    sandbox: () => createSandboxBank({ deadlineMs: config.payments.deadlineHours * 3_600_000 }),
  } as const;
  const bank = banks[config.providers.bankTransfer]();
  const cards = {
    sandbox: () =>
      createSandboxCard({
        deadlineMs: config.payments.deadlineHours * 3_600_000,
        appUrl: config.appUrl,
        secret: config.payments.cardCallbackSecrets[0] ?? '',
      }),
  } as const;
  const card = cards[config.providers.cardPayment]();
  return {
    paymentProviders: new Map([
      [bank.methodCode, bank],
      [card.methodCode, card],
    ]),
    reviewer: reviewers[config.providers.identityReview]({ clock: deps.clock }),
    nameLookup: nameLookups[config.providers.nameLookup](),
    payoutPartner: payoutPartners[config.providers.payouts](),
  };
}
