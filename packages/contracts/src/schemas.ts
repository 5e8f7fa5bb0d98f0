/**
 * The wire format's schemas and the helpers they come with, without the plain constants of
 * `wire.ts` (`@corridor/contracts/schemas`): the web's answers are checked against these, and a
 * client that loads them whole (apps/web/src/lib/parse-with.ts) loads nothing it does not check
 * with, such as the server's device descriptions. The package root exports these and wire.ts.
 */
// First: zod's settings must hold before any schema below is made.
import './zod-config.ts';
export { buildInSlices } from './lazy-schema.ts';
export * from './auth.ts';
export * from './countries.ts';
export * from './customer.ts';
export * from './documents.ts';
export * from './errors.ts';
export * from './fx.ts';
export * from './health.ts';
export * from './mask-email.ts';
export * from './money.ts';
export * from './onboarding.ts';
export * from './pagination.ts';
export * from './payouts.ts';
export * from './profile.ts';
export * from './quotes.ts';
export * from './realtime.ts';
export * from './payout-channels.ts';
export * from './recipients.ts';
export * from './text.ts';
export * from './transactions.ts';
export * from './statements.ts';
export * from './payments.ts';
export * from './card-payments.ts';
export * from './state-colors.ts';
