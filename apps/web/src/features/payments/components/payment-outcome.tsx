import type { Transaction } from '@corridor/contracts';
import { Alert } from '@mantine/core';
import { useT } from '@/i18n';
import type { PaymentPhase } from '../lib/payment-phase';
import { paymentsMessages } from '../messages';

/** The phases that are an outcome; pending and processing are the screens' own. */
export type OutcomePhase = Exclude<PaymentPhase, 'pending' | 'processing'>;

// The product's palettes only (app/theme.ts productColors): the others are not in the page.
const colors: Record<OutcomePhase, 'green' | 'red' | 'gray' | 'corridor'> = {
  completed: 'green',
  failed: 'red',
  expired: 'gray',
  cancelled: 'gray',
  refunded: 'corridor',
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
