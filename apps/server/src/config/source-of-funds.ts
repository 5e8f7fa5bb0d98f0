import { z } from 'zod';

/**
 * SOF_THRESHOLDS (issue 16): the sends over 30 days past which a customer owes a source of funds,
 * per source currency, in minor units: `GBP:500000,EUR:600000`. A currency left out keeps its
 * default: about £5,000 in each source currency.
 */
export const DEFAULT_SOF_THRESHOLDS: Readonly<Record<string, bigint>> = {
  GBP: 500_000n,
  EUR: 600_000n,
  USD: 650_000n,
  CAD: 900_000n,
  AUD: 1_000_000n,
};

const ENTRY = /^([A-Z]{3}):([1-9][0-9]{0,14})$/;

export const sofThresholdsSchema = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const thresholds = new Map(Object.entries(DEFAULT_SOF_THRESHOLDS));
    for (const item of (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)) {
      const match = ENTRY.exec(item);
      const currency = match?.[1] ?? '';
      if (!match || !thresholds.has(currency)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${item}" is not CUR:amount with a source currency (${Object.keys(DEFAULT_SOF_THRESHOLDS).join(', ')}) and a whole number of minor units`,
        });
        return z.NEVER;
      }
      thresholds.set(currency, BigInt(match[2] ?? '0'));
    }
    return thresholds as ReadonlyMap<string, bigint>;
  });
