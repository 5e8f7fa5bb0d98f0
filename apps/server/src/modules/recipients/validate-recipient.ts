import { attributeFor } from '@corridor/contracts';
import { apiText } from '../../i18n/index.ts';
import {
  chooseOptionMessage,
  inSentence,
  optionNamed,
  readText,
  requiredMessage,
  shapeProblem,
  type ErrorList,
} from './attribute-checks.ts';
import type { ChannelAttribute, PayoutChannel, RecipientType } from './channels/index.ts';
import { checkFormat, checkMobileValue } from './format-checks.ts';
import type {
  RecipientValidationContext,
  RecipientValue,
  ValidationErrors,
  ValidRecipient,
} from './recipient-values.ts';

type Body = Readonly<Record<string, unknown>>;
type Outcome = { value: RecipientValue | null } | { errors: ErrorList };

const OPTION_TYPES = new Set(['delivery_option', 'select', 'radio']);
const PHONE_TYPES = new Set(['mobile_number', 'phone_number']);

const asBody = (raw: unknown): Body =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Body) : {};

/**
 * One attribute's submitted value, the attribute as it is for the recipient type
 * (`attributeFor`, as the browser reads it): required, the contracts' text rules, lengths and
 * regex (what the browser checks too), then its options or its real format.
 */
function checkAttribute(
  channel: PayoutChannel,
  attribute: ChannelAttribute,
  body: Body,
  context: RecipientValidationContext,
): Outcome {
  const key = attribute.attribute;
  const rule = channel.rules[key];
  const required = attribute.is_required;
  if (PHONE_TYPES.has(attribute.type) && rule?.format?.kind === 'mobile') {
    return checkMobileValue(attribute, rule.format.country, body[key], required, context);
  }
  const text = readText(body[key], attribute.label);
  if ('problem' in text) return { errors: [[key, text.problem]] };
  if ('empty' in text)
    return required ? { errors: [[key, requiredMessage(attribute)]] } : { value: null };
  if (OPTION_TYPES.has(attribute.type)) {
    const option = optionNamed(attribute.options, text.text);
    return option ? { value: option.id } : { errors: [[key, chooseOptionMessage(attribute)]] };
  }
  const problem = shapeProblem(attribute, text.text);
  if (problem !== null) return { errors: [[key, problem]] };
  if (!rule?.format) return { value: text.text };
  const formatted = checkFormat(rule.format, text.text, channel, body);
  return 'value' in formatted ? { value: formatted.value } : { errors: [[key, formatted.problem]] };
}

/** Spaces and case aside, the confirmation is the value typed again. */
const canonical = (raw: unknown): string | null =>
  typeof raw === 'string' ? raw.replace(/\s+/g, '').toUpperCase() : null;

function confirmationErrors(
  channel: PayoutChannel,
  attribute: ChannelAttribute,
  body: Body,
): ErrorList {
  if (!channel.configuration.confirm_account_number || attribute.type !== 'account_number')
    return [];
  const key = attribute.attribute;
  return canonical(body[`confirm_${key}`]) === canonical(body[key])
    ? []
    : [
        [
          `confirm_${key}`,
          apiText('recipients.message.confirmMismatch', { field: inSentence(attribute.label) }),
        ],
      ];
}

/** The attributes of `keys` (all by default), in view order: values, or every error. */
function checkAttributes(
  channel: PayoutChannel,
  body: Body,
  context: RecipientValidationContext,
  recipientType: RecipientType | null,
  keys?: readonly string[],
): { values: Record<string, RecipientValue | null>; errors: ErrorList } {
  const values: Record<string, RecipientValue | null> = {};
  const errors: ErrorList = [];
  for (const typeless of channel.attributes) {
    if (keys && !keys.includes(typeless.attribute)) continue;
    const attribute = attributeFor(typeless, recipientType);
    const outcome = checkAttribute(channel, attribute, body, context);
    if ('errors' in outcome) {
      errors.push(...outcome.errors);
      continue;
    }
    values[attribute.attribute] = outcome.value;
    if (outcome.value !== null) errors.push(...confirmationErrors(channel, attribute, body));
  }
  return { values, errors };
}

const grouped = (errors: ErrorList): ValidationErrors => {
  const byKey: ValidationErrors = {};
  for (const [key, message] of errors) (byKey[key] ??= []).push(message);
  return byKey;
};

function recipientTypeOf(channel: PayoutChannel, raw: unknown): RecipientType | null {
  if (channel.configuration.recipient_type !== null) return channel.configuration.recipient_type;
  return raw === 'individual' || raw === 'business' ? raw : null;
}

export type RecipientValidation =
  { ok: true; recipient: ValidRecipient } | { ok: false; errors: ValidationErrors };

/**
 * A recipient body for `POST /client/v1/recipients/add` and `/recipient/edit/{id}` against its
 * channel: `recipient_type` (unless the channel fixes it), `relationship_id`, each attribute by
 * its key (a mobile number as `{country, number}`, an option by its id) and `confirm_<key>` for
 * account numbers when the channel asks. Unknown keys are ignored. Answers every attribute's
 * normalised value, or the 422 `errors` keyed as the web app shows them (English messages).
 */
export function validateRecipient(
  channel: PayoutChannel,
  rawBody: unknown,
  context: RecipientValidationContext,
): RecipientValidation {
  const body = asBody(rawBody);
  const errors: ErrorList = [];
  const recipientType = recipientTypeOf(channel, body.recipient_type);
  if (recipientType === null)
    errors.push(['recipient_type', apiText('recipients.message.recipientType')]);
  const relationship =
    typeof body.relationship_id === 'string' ? body.relationship_id.trim().toLowerCase() : '';
  if (relationship === '' || !context.isRelationship(relationship)) {
    errors.push(['relationship_id', apiText('recipients.message.relationship')]);
  }
  const attributes = checkAttributes(channel, body, context, recipientType);
  errors.push(...attributes.errors);
  if (errors.length > 0 || recipientType === null) return { ok: false, errors: grouped(errors) };
  return {
    ok: true,
    recipient: {
      recipient_type: recipientType,
      relationship_id: relationship,
      values: attributes.values,
    },
  };
}

/** The attributes whose values the account-name lookup needs (lookup, else validation ones). */
export function nameLookupRequirements(channel: PayoutChannel): readonly string[] {
  const { name_lookup_requirements: lookup, name_validation_requirements: validation } =
    channel.configuration;
  return lookup.length > 0 ? lookup : validation;
}

export type NameLookupQueryValidation =
  | { ok: true; values: Readonly<Record<string, RecipientValue | null>> }
  | { ok: false; errors: ValidationErrors };

/**
 * The query of `GET /client/v1/recipient/name-lookup/{channelId}`: only the channel's lookup
 * requirements, each checked as in the full form (so a NUBAN's check digit against its bank).
 */
export function validateNameLookupQuery(
  channel: PayoutChannel,
  rawQuery: unknown,
  context: RecipientValidationContext,
): NameLookupQueryValidation {
  const requirements = nameLookupRequirements(channel);
  const checked = checkAttributes(channel, asBody(rawQuery), context, null, requirements);
  return checked.errors.length > 0
    ? { ok: false, errors: grouped(checked.errors) }
    : { ok: true, values: checked.values };
}
