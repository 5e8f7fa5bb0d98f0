import type {
  ClientPaymentAccount,
  Locale,
  PaymentDataRequirement,
  PaymentStateCode,
} from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';

/**
 * A payment provider (docs/sandbox-providers.md#payments): what the customer is asked for at
 * confirm and retry, how a new payment opens, and what its instructions say. Chosen by the
 * configuration like every provider (docs/decisions/0034: BANK_TRANSFER_PROVIDER); the sandbox
 * bank is the one bank-transfer provider today.
 */
export interface PaymentProvider {
  /** `payment_provider.code`: clients pick their payment screen by it. */
  code: string;
  /** `payment_method.code` of the method it serves. */
  methodCode: string;
  /** The provider's name: a brand, the same in every language. */
  title: string;
  /** `payment_data_requirements[]`, in `locale`: what `payment_data` must carry. */
  requirements(locale: Locale): PaymentDataRequirement[];
  /** The state a new payment opens in, and how long the customer has to pay (null: no deadline). */
  opening: { state: PaymentStateCode; deadlineMs: number | null };
  /** Whether an open payment can still be withdrawn (a customer's cancel before paying). */
  canWithdraw: boolean;
  /** Bank-transfer instructions of a payment, in `locale`; null for a hosted provider. */
  instructions(payment: PaymentFacts, locale: Locale): ClientPaymentAccount | null;
  /** Plain text shown verbatim with the payment, or null. */
  terms(payment: PaymentFacts, locale: Locale): string | null;
  /**
   * True while a PENDING payment without a URL is healthy: the provider settles on its own once
   * the customer has paid (the bank transfer after "I've paid").
   */
  awaitingConfirmation(payment: PaymentFacts): boolean;
  /**
   * A hosted provider's page for the payment (`payment_url`), or null when it cannot be paid
   * there (any state but PENDING), in `locale`; absent for a provider without a page (the bank).
   */
  paymentUrl?(payment: PaymentFacts, locale: Locale): string | null;
  /** Where its refunds go: back to the card, or to the account the bank transfer came from. */
  refundDestination: 'card' | 'bank-account';
  /**
   * Tells the provider of a refund (docs/sandbox-providers.md#refunds), after the commit that
   * recorded it (the outbox): at least once, so it records each refund id once.
   */
  refund(ex: Executor, refund: ProviderRefund): Promise<void>;
}

/** A refund as a provider is told of it. */
export interface ProviderRefund {
  refundId: string;
  paymentId: string;
  reference: string;
  currency: string;
  amountMinor: bigint;
  at: Date;
}

/** What a provider reads of a payment to describe it. */
export interface PaymentFacts {
  id: string;
  reference: string;
  currency: string;
  /** The amount as a decimal string, formatted by the caller. */
  amount: string;
  deadline: Date | null;
  state: PaymentStateCode;
  customerConfirmed: boolean;
}
