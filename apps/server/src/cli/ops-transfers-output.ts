import type { TransferActionResult } from '../modules/operator-actions/index.ts';
import type {
  OperatorTransferDetail,
  OperatorTransferSummary,
} from '../modules/transfers/index.ts';
import { table } from './ops-table.ts';

/** The transfers:* answers as an operator reads them (`--json` prints the answers themselves). */

const stateOf = (transfer: Pick<OperatorTransferSummary, 'state' | 'hold_reason'>) =>
  transfer.hold_reason === null ? transfer.state : `${transfer.state} (${transfer.hold_reason})`;

export function transferListText(transfers: readonly OperatorTransferSummary[]): string {
  if (transfers.length === 0) return 'No transfers.';
  return table([
    ['ID', 'NUMBER', 'STATE', 'TOTAL', 'RECEIVE', 'CUSTOMER', 'CREATED'],
    ...transfers.map((transfer) => [
      transfer.id,
      transfer.transaction_number,
      stateOf(transfer),
      transfer.total,
      transfer.receive,
      transfer.email,
      transfer.created_at,
    ]),
  ]);
}

export function transferDetailText(transfer: OperatorTransferDetail): string {
  const lines: [string, string][] = [
    ['Transfer', `${transfer.transaction_number} (${transfer.id})`],
    ['State', stateOf(transfer)],
    ['Customer', `${transfer.email} (${transfer.customer_id})`],
    ['Recipient', transfer.recipient],
    ['Total', transfer.total],
    ['Receive', transfer.receive],
    ['Created', transfer.created_at],
    ['Updated', transfer.updated_at],
  ];
  const { payment, payout } = transfer;
  if (payment) {
    const paid = payment.customer_confirmed_payment ? ', the customer says it is paid' : '';
    lines.push([
      'Payment',
      `${payment.state}, reference ${payment.reference}${paid} (${payment.id})`,
    ]);
  }
  if (payout) {
    const reference = payout.reference === null ? '' : `, reference ${payout.reference}`;
    lines.push(['Payout', `${payout.state} with ${payout.partner}${reference}`]);
  }
  const timeline = transfer.timeline.map((step) => {
    const why = [step.cause, step.hold_reason].filter(Boolean).join(', ');
    return `  ${step.at}  ${step.state}${why ? ` (${why})` : ''}`;
  });
  const actions = transfer.operator_actions.map(
    (action) =>
      `  ${action.at}  ${action.action} by ${action.operator}: ${JSON.stringify(action.reason)}`,
  );
  return [
    ...lines.map(([label, value]) => `${`${label}:`.padEnd(18)}${value}`),
    'Timeline:',
    ...timeline,
    ...(actions.length > 0 ? ['Operator actions:', ...actions] : []),
  ].join('\n');
}

const DONE: Record<TransferActionResult['state'], string> = {
  CREATED: 'Created',
  'PENDING-PAYMENT': 'Awaiting payment',
  'PAYMENT-CLEARED': 'Payment cleared',
  'DOCUMENT-REQUIRED': 'Waiting for a document',
  'DOCUMENT-PROVIDED': 'Document being checked',
  'UNDER-REVIEW': 'Under review',
  'ON-HOLD': 'Held',
  'CONVERTING-FOREX': 'Converting',
  'AVAILABLE-FOR-PAYOUT': 'Available for payout',
  'SENDING-FOR-PAYOUT': 'Sending for payout',
  'SENT-FOR-PAYOUT': 'Sent for payout',
  'PAYOUT-SUCCESS': 'Paid out',
  'PAYOUT-FAILED': 'Payout failed',
  'PAYOUT-REVERSED': 'Payout reversed',
  CANCELLED: 'Cancelled',
};

export function transferActionText(done: TransferActionResult): string {
  return `${DONE[done.state]}: transfer ${done.transaction_number} (${done.from} → ${done.state}), by ${done.operator}, because ${JSON.stringify(done.reason)}.`;
}
