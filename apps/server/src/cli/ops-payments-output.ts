import type { OperatorPaymentSummary } from '../modules/payments/index.ts';
import type {
  OperatorPaymentView,
  PaymentRefundResult,
} from '../modules/operator-actions/index.ts';
import { table } from './ops-table.ts';

/** The payments:* answers as an operator reads them (`--json` prints the answers themselves). */

function listText(payments: readonly OperatorPaymentSummary[]): string {
  if (payments.length === 0) return 'No payments.';
  return table([
    ['ID', 'REFERENCE', 'STATE', 'AMOUNT', 'REFUNDED', 'METHOD', 'CARD', 'CREATED'],
    ...payments.map((payment) => [
      payment.id,
      payment.reference,
      payment.state,
      payment.amount,
      payment.refunded,
      payment.method,
      payment.card ?? '',
      payment.created_at,
    ]),
  ]);
}

function detailText(payment: OperatorPaymentView): string {
  const lines: [string, string][] = [
    ['Payment', `${payment.reference} (${payment.id})`],
    ['Transfer', payment.transaction_id],
    ['State', payment.state],
    ['Amount', payment.amount],
    ['Refunded', payment.refunded],
    ['Provider', payment.provider],
    ['Card', payment.card ?? '—'],
    ['Deadline', payment.deadline ?? '—'],
    ['Customer paid', payment.customer_confirmed_payment ? 'says so' : 'not said'],
    ['Created', payment.created_at],
    ['Updated', payment.updated_at],
  ];
  const section = (title: string, rows: string[]) =>
    rows.length > 0 ? [`${title}:`, ...rows.map((row) => `  ${row}`)] : [];
  return [
    ...lines.map(([label, value]) => `${`${label}:`.padEnd(18)}${value}`),
    ...section(
      'Refunds',
      payment.refunds.map(
        (refund) => `${refund.at}  ${refund.amount} ${refund.reason} to the ${refund.destination}`,
      ),
    ),
    ...section(
      'Provider events',
      payment.provider_events.map((event) => `${event.at}  ${event.type} (${event.id})`),
    ),
    ...section(
      'Provider told',
      payment.provider_refunds.map(
        (told) => `${told.at}  ${told.instruction} ${told.amount} (refund ${told.refund_id})`,
      ),
    ),
    ...section(
      'Operator actions',
      payment.operator_actions.map(
        (action) =>
          `${action.at}  ${action.action} by ${action.operator}: ${JSON.stringify(action.reason)}`,
      ),
    ),
  ].join('\n');
}

function refundText(done: PaymentRefundResult): string {
  return `Refunded: payment ${done.reference}, its transfer ${done.from} → ${done.state}, by ${done.operator}, because ${JSON.stringify(done.reason)}.`;
}

export function paymentsText(
  command: 'payments:list' | 'payments:show' | 'payments:refund',
  result: unknown,
): string {
  switch (command) {
    case 'payments:list':
      return listText(result as OperatorPaymentSummary[]);
    case 'payments:show':
      return detailText(result as OperatorPaymentView);
    case 'payments:refund':
      return refundText(result as PaymentRefundResult);
  }
}
