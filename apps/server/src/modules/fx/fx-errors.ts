import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';

/**
 * No usable mid-market rate for a pair: none was ever stored (the provider does not serve it,
 * or has not answered yet), or the latest is older than FX_MAX_AGE_SECONDS. A quote must not be
 * priced; the error handler answers 503 `{message}` (docs/product/api-conventions.md#errors), in the reader's language.
 */
export class FxRateUnavailableError extends AppError {
  constructor(
    readonly base: string,
    readonly quote: string,
    readonly reason: 'missing' | 'stale',
    /** The provider's time of the stale rate; null when there is none. */
    readonly asOf: Date | null,
  ) {
    super('fx_rate_unavailable', {
      message: apiText('fx.rateUnavailable', { source: base, target: quote }),
    });
    this.name = 'FxRateUnavailableError';
  }
}
