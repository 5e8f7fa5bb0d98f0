import type { Customer, QuoteAlerts } from '@corridor/contracts';
import { apiText, type PlainTextKey } from '../../i18n/index.ts';

/**
 * The onboarding steps a sender must have finished, in the order the onboarding workflow asks
 * them (the web's features/onboarding/lib/onboarding-steps.ts), each with what it owes.
 */
const ONBOARDING: readonly [owes: (customer: Customer) => boolean, text: PlainTextKey][] = [
  [(customer) => !customer.account.is_email_verified, 'quotes.disabled.emailVerification'],
  [(customer) => customer.country === null, 'quotes.disabled.country'],
  [(customer) => customer.is_identity_information_required, 'quotes.disabled.identity'],
  [(customer) => customer.is_employment_information_required, 'quotes.disabled.employment'],
  [(customer) => customer.is_address_information_required, 'quotes.disabled.address'],
  [(customer) => customer.account.mobile_number === null, 'quotes.disabled.mobileNumber'],
];

/**
 * Why this quote cannot become a transfer now, in English (translated on the way out), or null.
 * One reason, the one to clear first: a block on sending (only our support team lifts it), then
 * the first onboarding step still owed (in its own flow), then an amount the alerts forbid
 * (below the minimum, above the maximum or a sending limit), which the calculator itself fixes.
 */
export function transferDisableReason(customer: Customer, alerts: QuoteAlerts): string | null {
  if (customer.is_blocked_for_sending) return apiText('quotes.disabled.blocked');
  const owed = ONBOARDING.find(([owes]) => owes(customer));
  if (owed) return apiText(owed[1]);
  const alert = alerts.send_amount ?? alerts.payout_amount;
  return alert === undefined ? null : apiText('quotes.disabled.amount', { reason: alert });
}
