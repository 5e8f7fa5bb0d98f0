import { apiText } from '../../i18n/index.ts';
import { waitPhrase } from '../../lib/failure-limits.ts';
import { tooManyAttempts, type RateLimiter } from '../../lib/rate-limiter.ts';
import type { AccountNameLookup } from './name-lookup.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Name lookups per customer (docs/security.md#limits). Adding a recipient asks the bank about
 * twice (once as the form fills in, once on saving), a typo or an edit a few more: a customer
 * adding recipients makes a handful an hour. 30 leaves room for several recipients in a row and
 * stops enumeration (each call also costs money at a real provider) at 30 names an hour.
 */
export const NAME_LOOKUPS_PER_CUSTOMER = { limit: 30, windowMs: HOUR_MS };

/**
 * Name lookups per client address, any customers: a household or an office behind one address
 * shares it, and one person with several fresh accounts cannot multiply the customer limit.
 */
export const NAME_LOOKUPS_PER_ADDRESS = { limit: 120, windowMs: HOUR_MS };

/** Who asks for a lookup: the limits count per customer and per client address. */
export interface LookupRequester {
  customerId: string;
  clientAddress: string;
}

/**
 * `lookup` with the limits counted before every call to the provider (from the lookup route and
 * from add and edit, which look the name up on every save); only calls that reach the provider
 * count. Over a limit: 429 with Retry-After and the reason. A customer already over their limit
 * is refused before the address is counted, so they do not use up their neighbours' share.
 */
export function limitedNameLookup(
  lookup: AccountNameLookup,
  limiter: RateLimiter,
  { customerId, clientAddress }: LookupRequester,
): AccountNameLookup {
  const limits = [
    { key: `name-lookup:customer:${customerId}`, ...NAME_LOOKUPS_PER_CUSTOMER },
    { key: `name-lookup:address:${clientAddress}`, ...NAME_LOOKUPS_PER_ADDRESS },
  ];
  return {
    async lookUp(channel, values) {
      for (const { key, limit, windowMs } of limits) {
        const hit = await limiter.hit(key, limit, windowMs);
        if (!hit.allowed) {
          const seconds = hit.retryAfterSeconds;
          throw tooManyAttempts(
            seconds,
            apiText('recipients.lookup.tooMany', { wait: waitPhrase(seconds) }),
          );
        }
      }
      return lookup.lookUp(channel, values);
    },
  };
}
