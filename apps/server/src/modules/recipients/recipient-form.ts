import { AppError } from '../../errors/app-error.ts';
import type { PayoutChannel } from './channels/index.ts';
import type { AccountNameLookup } from './name-lookup.ts';
import type { RecipientFields } from './recipients.repository.ts';
import type {
  RecipientValidationContext,
  RecipientValue,
  RecipientValues,
} from './recipient-values.ts';
import {
  nameLookupRequirements,
  validateNameLookupQuery,
  validateRecipient,
} from './validate-recipient.ts';

type Body = Record<string, unknown>;

const asBody = (raw: unknown): Body =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? { ...(raw as Body) } : {};

/** The attribute the looked-up name fills: the channel's `name` attribute. */
const nameAttributeOf = (channel: PayoutChannel): string =>
  channel.attributes.find((attribute) => attribute.type === 'name')?.attribute ?? 'name';

/**
 * The account holder's name from the lookup, for a channel that asks for one: the requirement
 * attributes are checked first (their own errors are the form's), then the provider is asked;
 * a refusal is the name field's error. Null when the channel has no lookup.
 */
async function lookedUpName(
  channel: PayoutChannel,
  body: Body,
  context: RecipientValidationContext,
  lookup: AccountNameLookup,
): Promise<{ name: string } | { refused: string } | { unchecked: true } | null> {
  if (nameLookupRequirements(channel).length === 0) return null;
  const query = validateNameLookupQuery(channel, body, context);
  if (!query.ok) return { unchecked: true };
  return lookup.lookUp(channel, query.values);
}

const textOf = (value: RecipientValue | null | undefined): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The row's fields from a valid recipient's values: names, whole name, account. */
function fieldsOf(
  channel: PayoutChannel,
  valid: { recipient_type: RecipientFields['recipient_type']; relationship_id: string },
  values: RecipientValues,
): RecipientFields {
  const named = (type: string) =>
    textOf(values[channel.attributes.find((a) => a.type === type)?.attribute ?? '']);
  const name = named('name') ?? '';
  const second = named('second_name');
  const third = named('third_name');
  const account = channel.attributes.find((attribute) => attribute.type === 'account_number');
  const phone = channel.attributes.find((attribute) => attribute.type === 'mobile_number');
  const phoneValue = phone ? values[phone.attribute] : null;
  // A wallet is paid to its mobile number; a cash pickup's number only hears when it is ready.
  const walletNumber =
    channel.method === 'MOBILE-WALLET' && phoneValue && typeof phoneValue !== 'string'
      ? phoneValue.e164
      : null;
  return {
    recipient_type: valid.recipient_type,
    relationship_id: valid.relationship_id,
    name,
    second_name: second,
    third_name: third,
    whole_name: [name, second, third].filter((part) => part !== null && part !== '').join(' '),
    account_number: (account ? textOf(values[account.attribute]) : null) ?? walletNumber,
    values,
  };
}

/**
 * The add and edit bodies checked against the channel (`validateRecipient`), with the name the
 * account-name lookup gives where the channel has one: what the client sent as the name is
 * ignored, and a refused account is a 422 under the name. Throws the 422 of every problem.
 */
export async function checkRecipientBody(
  channel: PayoutChannel,
  rawBody: unknown,
  context: RecipientValidationContext,
  lookup: AccountNameLookup,
): Promise<RecipientFields> {
  const body = asBody(rawBody);
  const nameKey = nameAttributeOf(channel);
  const looked = await lookedUpName(channel, body, context, lookup);
  const checked =
    looked === null ? body : { ...body, [nameKey]: 'name' in looked ? looked.name : undefined };
  const result = validateRecipient(channel, checked, context);
  const errors = new Map<string, string[]>(result.ok ? [] : Object.entries(result.errors));
  if (looked !== null && !('name' in looked)) {
    // The name cannot be typed: a refusal is its error; bad requirements speak for themselves.
    errors.delete(nameKey);
    if ('refused' in looked) errors.set(nameKey, [looked.refused]);
  }
  if (errors.size > 0 || !result.ok) throw AppError.validation(Object.fromEntries(errors));
  return fieldsOf(channel, result.recipient, result.recipient.values);
}

/** `GET /client/v1/recipient/name-lookup/{channelId}`: the holder's name, or the 422. */
export async function lookUpAccountName(
  channel: PayoutChannel,
  rawQuery: unknown,
  context: RecipientValidationContext,
  lookup: AccountNameLookup,
): Promise<{ name: string }> {
  const query = validateNameLookupQuery(channel, asBody(rawQuery), context);
  if (!query.ok) throw AppError.validation(query.errors);
  const answer = await lookup.lookUp(channel, query.values);
  if ('refused' in answer)
    throw AppError.validation({ [nameAttributeOf(channel)]: [answer.refused] });
  return { name: answer.name };
}
