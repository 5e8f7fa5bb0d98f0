import type { TextTable } from '../text-table.ts';

/** Recipients: the payout form's labels, format checks and name lookup (issue 15). */
export const recipientTexts = {} as const satisfies TextTable;
