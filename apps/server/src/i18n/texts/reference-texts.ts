import type { TextTable } from '../text-table.ts';

/** Reference data: payout methods, purposes and relationships (issue 15). */
export const referenceTexts = {} as const satisfies TextTable;
