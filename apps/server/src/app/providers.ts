import type { Config } from '../config/index.ts';
import type { Clock } from '../lib/clock.ts';
import { createSandboxReviewer, type IdentityReviewer } from '../modules/documents/index.ts';
import { createSandboxNameLookup, type AccountNameLookup } from '../modules/recipients/index.ts';

/** The adapters a module needs from outside, as configuration names them. */
export interface ConfiguredProviders {
  reviewer: IdentityReviewer;
  nameLookup: AccountNameLookup;
}

/**
 * Which provider serves each concern is configuration (docs/sandbox-providers.md#rules-for-every-provider):
 * each setting's values map to their adapter here, and a real adapter joins its map. Mail
 * (SMTP_URL) and FX rates (FX_PROVIDER) are chosen by their own modules from the same config.
 */
export function configuredProviders(
  config: Pick<Config, 'providers'>,
  clock: Clock,
): ConfiguredProviders {
  const reviewers = { sandbox: createSandboxReviewer } as const;
  const nameLookups = { sandbox: createSandboxNameLookup } as const;
  return {
    reviewer: reviewers[config.providers.identityReview]({ clock }),
    nameLookup: nameLookups[config.providers.nameLookup](),
  };
}
