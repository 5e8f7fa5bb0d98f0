import type { Transaction } from '@corridor/contracts';
import { Alert } from '@mantine/core';
import { useT } from '@/i18n';
import type { PaymentPhase } from '../lib/payment-phase';
import { paymentsMessages } from '../messages';

/** The phases that are an outcome; pending and processing are the screens' own. */
export type OutcomePhase = Exclude<PaymentPhase, 'pending' | 'processing'>;

const colors: Record<OutcomePhase, string> = {
  completed: 'green',
  failed: 'red',
  expired: 'yellow',
  cancelled: 'gray',
  refunded: 'blue',
};

/** A payment's outcome in words (docs/product/sending-money.md#payment-states). */
export function PaymentOutcome({
  phase,
  transaction,
}: {
  phase: OutcomePhase;
  transaction: Transaction;
}) {
  const t = useT(paymentsMessages);
  const color = colors[phase];
  return (
    <Alert
      color={color}
      variant="light"
      role={phase === 'completed' ? 'status' : 'alert'}
      title={t(`outcome.${phase}`)}
      data-testid="payment-outcome"
      data-phase={phase}
    >
      {t(`outcome.${phase}Hint`, {
        amount: transaction.payment.total_payment_amount_currency_prefixed,
      })}
    </Alert>
  );
}
