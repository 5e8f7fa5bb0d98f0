import type { Env } from './env-schema.ts';
import { isLoopbackOrigin } from './loopback.ts';

/** Which provider serves each concern (docs/sandbox-providers.md#rules-for-every-provider). */
export interface ProvidersConfig {
  /** 'outbox' (the sandbox: kept in the database, shown at /dev/mailbox) without SMTP_URL. */
  mail: 'outbox' | 'smtp';
  identityReview: 'sandbox';
  nameLookup: 'sandbox';
  fx: 'sandbox' | 'ecb';
  payouts: 'sandbox';
  bankTransfer: 'sandbox';
  cardPayment: 'sandbox';
}

/** The sandboxes in use, and whether the product must say so (docs/decisions/0034). */
export interface SandboxConfig {
  /** Each sandbox provider as the setting that chose it, e.g. `NAME_LOOKUP_PROVIDER=sandbox`. */
  providers: string[];
  /**
   * Every page and email says "Sandbox: no real money moves": sandboxes run on a public APP_URL,
   * allowed by ALLOW_SANDBOX_PROVIDERS. On loopback the developer knows, and nothing says it.
   */
  notice: boolean;
}

export function providersConfig(e: Env): ProvidersConfig {
  return {
    mail: e.SMTP_URL ? 'smtp' : 'outbox',
    identityReview: e.IDENTITY_REVIEW_PROVIDER,
    nameLookup: e.NAME_LOOKUP_PROVIDER,
    fx: e.FX_PROVIDER,
    payouts: e.PAYOUT_PROVIDER,
    bankTransfer: e.BANK_TRANSFER_PROVIDER,
    cardPayment: e.CARD_PAYMENT_PROVIDER,
  };
}

function sandboxSettings(providers: ProvidersConfig): string[] {
  return [
    ...(providers.mail === 'outbox' ? ['mail (no SMTP_URL: the outbox)'] : []),
    ...(providers.identityReview === 'sandbox' ? ['IDENTITY_REVIEW_PROVIDER=sandbox'] : []),
    ...(providers.nameLookup === 'sandbox' ? ['NAME_LOOKUP_PROVIDER=sandbox'] : []),
    ...(providers.fx === 'sandbox' ? ['FX_PROVIDER=sandbox'] : []),
    ...(providers.payouts === 'sandbox' ? ['PAYOUT_PROVIDER=sandbox'] : []),
    ...(providers.bankTransfer === 'sandbox' ? ['BANK_TRANSFER_PROVIDER=sandbox'] : []),
    ...(providers.cardPayment === 'sandbox' ? ['CARD_PAYMENT_PROVIDER=sandbox'] : []),
  ];
}

/**
 * Sandboxes are a choice, never an accident: on a public APP_URL they need
 * ALLOW_SANDBOX_PROVIDERS=true, and then the product says so everywhere. Throws nothing; the
 * problem, if any, is for loadConfig's ConfigError.
 */
export function sandboxConfig(
  e: Env,
  providers: ProvidersConfig,
  appUrl: string,
): { sandbox: SandboxConfig; problem?: string } {
  const inUse = sandboxSettings(providers);
  const onPublicUrl = inUse.length > 0 && !isLoopbackOrigin(appUrl);
  const sandbox = { providers: inUse, notice: onPublicUrl && e.ALLOW_SANDBOX_PROVIDERS };
  if (!onPublicUrl || e.ALLOW_SANDBOX_PROVIDERS) return { sandbox };
  return {
    sandbox,
    problem:
      `ALLOW_SANDBOX_PROVIDERS: APP_URL ${appUrl} is not loopback, and these providers are ` +
      `sandboxes, which move no real money: ${inUse.join(', ')}. Configure real providers, or ` +
      'set ALLOW_SANDBOX_PROVIDERS=true to run the sandboxes on purpose (every page and email ' +
      'then says "Sandbox: no real money moves").',
  };
}
