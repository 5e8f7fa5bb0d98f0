/**
 * Why a transfer cannot be priced at all. Limits are never errors (they are `alerts`, HTTP 200);
 * these are:
 * - `amount_not_positive`: the customer typed 0 or less. `field` is `amount` and `message` is
 *   the customer's text (English, through the catalogue): the route answers 422 on `amount`.
 * - `unknown_corridor`: no pricing for this source, target and method (the route checks the
 *   corridor first; reaching here is a 422 on the field it names, or a bug).
 * - `invalid_rate`: the mid-market rate is not a decimal string greater than zero (a provider
 *   or database fault: 503 or 500, never the customer's doing).
 * - `currency_mismatch`: an amount or a sending total in the wrong currency (a bug).
 */
export type PricingErrorCode =
  'amount_not_positive' | 'unknown_corridor' | 'invalid_rate' | 'currency_mismatch';

export class PricingError extends Error {
  constructor(
    readonly code: PricingErrorCode,
    message: string,
    /** The request field the error concerns, where the customer can fix it. */
    readonly field: 'amount' | null = null,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}
