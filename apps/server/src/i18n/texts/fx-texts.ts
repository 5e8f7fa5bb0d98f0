import type { TextTable } from '../text-table.ts';

/** Exchange rates: unavailable or stale rates (issue 15). */
export const fxTexts = {} as const satisfies TextTable;
