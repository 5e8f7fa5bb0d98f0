import type { TextTable } from '../text-table.ts';

/** Pricing and quotes: limits, alerts, why a transfer cannot be sent (issue 15). */
export const pricingTexts = {} as const satisfies TextTable;
