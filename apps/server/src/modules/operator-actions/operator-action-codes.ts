/** What an operator can do that is recorded in `operator_actions`, and to what. */
export const operatorActionCodes = ['customer-blocked', 'customer-unblocked'] as const;
export type OperatorActionCode = (typeof operatorActionCodes)[number];

export const operatorSubjectTypes = ['customer'] as const;
export type OperatorSubjectType = (typeof operatorSubjectTypes)[number];
