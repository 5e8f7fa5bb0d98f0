/** What an operator can do that is recorded in `operator_actions`, and to what. */
export const operatorActionCodes = [
  'customer-blocked',
  'customer-unblocked',
  'transfer-held',
  'transfer-released',
  'transfer-settled',
  'transfer-payout-failed',
  'transfer-refunded',
  'payment-refunded',
] as const;
export type OperatorActionCode = (typeof operatorActionCodes)[number];

export const operatorSubjectTypes = ['customer', 'transaction', 'payment'] as const;
export type OperatorSubjectType = (typeof operatorSubjectTypes)[number];
