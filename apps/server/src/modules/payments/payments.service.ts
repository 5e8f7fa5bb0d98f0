import type { Locale, Payment } from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import { paymentMethods } from '../quotes/index.ts';
import { paymentReference } from './payment-states.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paymentResource } from './payment-resource.ts';
import type { TransitionPayment } from './payment-transitions.ts';
import type { NewPayment, PaymentRow, PaymentsRepository } from './payments.repository.ts';

export interface PaymentsServiceDeps {
  repository: PaymentsRepository;
  clock: Clock;
  random: RandomSource;
  /** The providers configured, by the payment method they serve. */
  providers: ReadonlyMap<string, PaymentProvider>;
  transitionPayment: TransitionPayment;
}

/** What a new payment is for: its transfer, its number within it, and how it is paid. */
export interface PaymentOpening {
  transactionId: string;
  transactionNumber: string;
  /** 1 for the first, 2 and 3 for retries. */
  number: number;
  methodCode: string;
  currency: string;
  amountMinor: bigint;
}

/**
 * Payments (docs/product/sending-money.md#payments): opening one with its provider, reading
 * them, showing them, and the one transition function. Every write takes the caller's `tx`.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { repository, providers } = deps;

  function providerOf(methodCode: string): PaymentProvider {
    const provider = providers.get(methodCode);
    if (!provider) throw new Error(`no payment provider serves ${methodCode}`);
    return provider;
  }

  /** A new payment's row, in its provider's opening state, with its deadline. */
  function newPayment(opening: PaymentOpening, now: Date): NewPayment {
    const provider = providerOf(opening.methodCode);
    const { deadlineMs } = provider.opening;
    return {
      id: deps.random.uuid(),
      transaction_id: opening.transactionId,
      number: opening.number,
      state: provider.opening.state,
      method_code: opening.methodCode,
      provider_code: provider.code,
      reference: paymentReference(opening.transactionNumber, opening.number),
      deadline: deadlineMs === null ? null : new Date(now.getTime() + deadlineMs),
      currency: opening.currency,
      amount_minor: opening.amountMinor,
      created_at: now,
    };
  }

  function methodOf(methodCode: string, locale: Locale) {
    const method = paymentMethods(locale).find((candidate) => candidate.code === methodCode);
    if (!method) throw new Error(`unknown payment method ${methodCode}`);
    return method;
  }

  return {
    /** The provider of a method, or undefined when none is configured for it (yet). */
    providerFor: (methodCode: string): PaymentProvider | undefined => providers.get(methodCode),
    providerOf,

    /** A new payment of a transfer, in its provider's opening state, with its deadline. */
    open: (tx: Executor, opening: PaymentOpening): Promise<PaymentRow> =>
      repository.insert(tx, newPayment(opening, deps.clock.now())),

    /**
     * Several transfers' first payments, each as `open` makes it, in ONE insert (grouped
     * confirm, docs/decisions/0058-grouped-requests.md); answered in the order given.
     */
    openMany: (tx: Executor, openings: readonly PaymentOpening[]): Promise<PaymentRow[]> => {
      const now = deps.clock.now();
      return repository.insertMany(
        tx,
        openings.map((opening) => newPayment(opening, now)),
      );
    },

    /** THE way a payment changes state (payment-transitions.ts). */
    transition: deps.transitionPayment,

    /** The current (latest) payment of each transfer, by transfer id. */
    currentOf: (ex: Executor, transactionIds: readonly string[]) =>
      repository.currentOf(ex, transactionIds),
    /** Every payment of a transfer, the first first. */
    allOf: (ex: Executor, transactionId: string) => repository.allOf(ex, transactionId),
    /** The latest payment of a transfer, locked for the rest of `tx`. */
    lockCurrent: (ex: Executor, transactionId: string) => repository.lockCurrent(ex, transactionId),

    /** A payment by id, or undefined; the caller checks its transfer is the customer's. */
    find: (ex: Executor, paymentId: string) => repository.find(ex, paymentId),
    /** A payment locked for the rest of `tx` (after its transfer: transfers first, always). */
    lock: (ex: Executor, paymentId: string) => repository.lock(ex, paymentId),
    /** Open payments past their deadline, oldest first, at most `limit`. */
    overdue: (ex: Executor, now: Date, limit: number) => repository.overdue(ex, now, limit),

    /**
     * Records a provider event as accepted in `tx`; false when it was before (a replay).
     * docs/decisions/0046-signed-provider-callbacks.md
     */
    acceptEvent: repository.acceptEvent,
    /** Keeps a card payment's brand and last four (all the product keeps of a card). */
    setCard: repository.setCard,

    /** A payment as the wire sends it, in `locale`. */
    resource(row: PaymentRow, locale: Locale): Payment {
      return paymentResource(row, {
        provider: providerOf(row.method_code),
        method: methodOf(row.method_code, locale),
        locale,
      });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
