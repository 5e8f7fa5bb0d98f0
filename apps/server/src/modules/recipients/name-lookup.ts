import { createHash } from 'node:crypto';
import { apiText } from '../../i18n/index.ts';
import type { PayoutChannel } from './channels/index.ts';
import type { RecipientValue, RecipientValues } from './recipient-values.ts';
import { SANDBOX_NAMES } from './sandbox-names.ts';
import { nameLookupRequirements } from './validate-recipient.ts';

/** The account holder's name, or why the provider would not give it (a customer-readable text). */
export type NameLookupAnswer = { name: string } | { refused: string };

/**
 * A provider that names the holder of an account (Nigeria's NIP name enquiry, for one): asked
 * with the channel and the values of its lookup requirements, already validated
 * (`validateNameLookupQuery`).
 */
export interface AccountNameLookup {
  lookUp(channel: PayoutChannel, values: RecipientValues): Promise<NameLookupAnswer>;
}

/**
 * The sandbox's test accounts, like a card provider's test cards (docs/sandbox-providers.md):
 * an account number ending in these digits is refused with this message. Messages are English;
 * the route translates them.
 */
export const SANDBOX_LOOKUP_REFUSALS: readonly { ending: string; message: string }[] = [
  { ending: '0000', message: apiText('recipients.lookup.notFound') },
  { ending: '1111', message: apiText('recipients.lookup.closed') },
  { ending: '9999', message: apiText('recipients.lookup.unavailable') },
];

const asText = (value: RecipientValue | null | undefined): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : value.e164;

/** The value that identifies the account: the account-number attribute among the requirements. */
function accountOf(
  channel: PayoutChannel,
  values: RecipientValues,
  keys: readonly string[],
): string {
  const account = channel.attributes.find(
    (attribute) => keys.includes(attribute.attribute) && attribute.type === 'account_number',
  );
  return asText(values[account?.attribute ?? keys[0] ?? '']);
}

/** A stable pick from the country's names by a hash of the account (number and bank). */
function plausibleName(
  channel: PayoutChannel,
  values: RecipientValues,
  keys: readonly string[],
): string {
  const pool = SANDBOX_NAMES[channel.country];
  const identity = [channel.country, ...[...keys].sort().map((key) => asText(values[key]))].join(
    '|',
  );
  const hash = createHash('sha256').update(identity, 'utf8').digest();
  const given = pool.given[(hash[0] ?? 0) % pool.given.length] ?? '';
  const family = pool.family[(hash[1] ?? 0) % pool.family.length] ?? '';
  return pool.familyFirst ? `${family} ${given}` : `${given} ${family}`;
}

/**
 * The sandbox lookup: the same account always has the same plausible name of its country; the
 * test accounts of `SANDBOX_LOOKUP_REFUSALS` are refused. Nothing leaves the process.
 */
export function createSandboxNameLookup(): AccountNameLookup {
  return {
    async lookUp(channel, values) {
      // A channel without lookup requirements is looked up by everything it was given.
      const requirements = nameLookupRequirements(channel);
      const keys = requirements.length > 0 ? requirements : Object.keys(values);
      const digits = accountOf(channel, values, keys).replace(/[^0-9]/g, '');
      const refusal = SANDBOX_LOOKUP_REFUSALS.find(({ ending }) => digits.endsWith(ending));
      return refusal
        ? { refused: refusal.message }
        : { name: plausibleName(channel, values, keys) };
    },
  };
}
