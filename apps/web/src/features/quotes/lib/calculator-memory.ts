import { quoteRequestSchema, type QuoteRequest } from '@corridor/contracts';
import { recallFromSession, rememberInSession } from '@/lib/session-memory';

/**
 * The calculator as the customer left it (amount, the side fixed, corridor, method), kept for
 * the tab's session (docs/product/routes-and-screens.md#calculator): back from /transfer/{id},
 * on another screen with a calculator or after a reload, it shows what they had, not the
 * server's defaults. One per scope: the general calculator ('') and each recipient's.
 */

const NAME = 'calculator';

type Remembered = Record<string, unknown>;

/** The request kept, read back from storage: only a request the contract still accepts. */
function requestFrom(value: unknown): QuoteRequest | undefined {
  const parsed = quoteRequestSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function remembered(): Remembered {
  const value = recallFromSession(NAME);
  return typeof value === 'object' && value !== null ? (value as Remembered) : {};
}

/** The request the calculator of `scope` last priced for the customer, if any. */
export function recallCalculator(scope: string): QuoteRequest | undefined {
  return requestFrom(remembered()[scope]);
}

/** Keeps what the calculator of `scope` now prices. */
export function rememberCalculator(scope: string, request: QuoteRequest): void {
  rememberInSession(NAME, { ...remembered(), [scope]: request });
}

/** Forgets the calculator of `scope` (the server no longer prices what it had). */
export function forgetCalculator(scope: string): void {
  const { [scope]: _forgotten, ...others } = remembered();
  rememberInSession(NAME, others);
}
