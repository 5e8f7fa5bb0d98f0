import {
  attributeFor,
  type AccountDetailLine,
  type AttributeVariant,
  type CountryFields,
  type Currency,
  type DeliveryOption,
  type Locale,
  type PayoutChannel as PayoutChannelWire,
  type PayoutMethod,
  type Recipient,
  type RecipientAttribute,
  type RecipientAttributeValue,
  type RecipientWhisperItem,
  type ReferenceItem,
} from '@corridor/contracts';
import { translate } from '../../i18n/index.ts';
import {
  channelResource,
  optionById,
  type ChannelAttribute,
  type PayoutChannel,
} from './channels/index.ts';
import type { RecipientRow } from './recipients.repository.ts';
import type { RecipientValue } from './recipient-values.ts';

/** What a recipient's resource shows besides its row, already in the reader's language. */
export interface RecipientReferences {
  channel: PayoutChannel;
  country: CountryFields;
  currency: Currency;
  payoutMethod: PayoutMethod;
  relationship: ReferenceItem | null;
  /** A country by id, for the country of a phone value. */
  countryById(id: string): CountryFields | null;
}

const PHONE_TYPES = new Set(['mobile_number', 'phone_number']);
const OPTION_TYPES = new Set(['delivery_option', 'sub_delivery_option', 'select', 'radio']);

const orNull = (text: string | null, locale: Locale) =>
  text === null ? null : translate(text, locale);

/** An option in `locale`. */
export const localizedOption = (option: DeliveryOption, locale: Locale): DeliveryOption => ({
  id: option.id,
  code: option.code,
  // Bank and branch names are proper nouns (the catalogue leaves them as they are).
  title: translate(option.title, locale),
});

/** A field's variant for one recipient type in `locale`. */
const localizedVariant = (variant: AttributeVariant | null, locale: Locale) =>
  variant === null
    ? null
    : {
        ...variant,
        label: translate(variant.label, locale),
        help_text: orNull(variant.help_text, locale),
        regex_failure_message: orNull(variant.regex_failure_message, locale),
      };

/** A form field in `locale`: its label, hints, messages and option titles, and its variants'. */
function localizedAttribute(attribute: ChannelAttribute, locale: Locale) {
  const variants = attribute.by_recipient_type;
  return {
    ...attribute,
    label: translate(attribute.label, locale),
    prefix_addon: orNull(attribute.prefix_addon, locale),
    suffix_addon: orNull(attribute.suffix_addon, locale),
    help_text: orNull(attribute.help_text, locale),
    placeholder_text: orNull(attribute.placeholder_text, locale),
    regex_failure_message: orNull(attribute.regex_failure_message, locale),
    options: attribute.options.map((option) => localizedOption(option, locale)),
    by_recipient_type:
      variants === null
        ? null
        : {
            individual: localizedVariant(variants.individual, locale),
            business: localizedVariant(variants.business, locale),
          },
  };
}

/** `GET /client/v1/payout/channel`: the form in the reader's language. */
export function payoutChannelResource(channel: PayoutChannel, locale: Locale): PayoutChannelWire {
  const resource = channelResource(channel);
  return {
    id: resource.id,
    configuration: {
      ...resource.configuration,
      name_lookup_requirements: [...resource.configuration.name_lookup_requirements],
      name_validation_requirements: [...resource.configuration.name_validation_requirements],
    },
    attributes: resource.attributes.map((attribute) => localizedAttribute(attribute, locale)),
  };
}

/** A stored value as the resource carries it: text, `{country, number}` or the option chosen. */
function wireValue(
  attribute: ChannelAttribute,
  stored: RecipientValue | null | undefined,
  references: RecipientReferences,
  locale: Locale,
): RecipientAttributeValue {
  if (stored === null || stored === undefined) return null;
  if (typeof stored !== 'string') {
    const country = references.countryById(stored.country);
    return country ? { country, number: stored.number } : stored.e164;
  }
  if (OPTION_TYPES.has(attribute.type)) {
    const option = optionById(stored);
    return option ? localizedOption(option, locale) : null;
  }
  return stored;
}

/** The value as one line of text: a phone as `+{calling code} {number}`, an option its title. */
function displayText(value: RecipientAttributeValue): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if ('number' in value) {
    return value.country.calling_code === null
      ? value.number
      : `+${value.country.calling_code} ${value.number}`;
  }
  return value.title;
}

function accountDetail(
  attributes: readonly RecipientAttribute[],
  row: RecipientRow,
): Recipient['account_detail'] {
  const account = attributes.find((attribute) => attribute.type === 'account_number');
  const phone = attributes.find((attribute) => PHONE_TYPES.has(attribute.type));
  const institution = attributes.find((attribute) => attribute.type === 'delivery_option');
  const institutionValue = institution?.value;
  return {
    // A wallet is paid to its mobile number; a cash pickup has no account.
    account_number:
      displayText(account?.value ?? null) ??
      (row.account_number ? displayText(phone?.value ?? null) : null),
    account_holder_name: row.whole_name,
    institution:
      institutionValue && typeof institutionValue === 'object' && 'title' in institutionValue
        ? institutionValue
        : null,
  };
}

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** The Recipient resource (docs/product/recipients.md#the-recipient-resource) in the reader's language. */
export function recipientResource(
  row: RecipientRow,
  references: RecipientReferences,
  locale: Locale,
): Recipient {
  const channel = payoutChannelResource(references.channel, locale);
  // Each field as it is for the recipient's type ("First name" for a person), as the form
  // showed it; reading it again through `attributeFor` changes nothing.
  const attributes: RecipientAttribute[] = references.channel.attributes.map(
    (attribute, index) => ({
      ...attributeFor(
        channel.attributes[index] ?? localizedAttribute(attribute, locale),
        row.recipient_type,
      ),
      value: wireValue(attribute, row.values[attribute.attribute], references, locale),
    }),
  );
  const hashmap: AccountDetailLine[] = attributes.flatMap((attribute) => {
    const value = displayText(attribute.value);
    return value === null ? [] : [{ type: attribute.type, key: attribute.label, value }];
  });
  return {
    id: row.id,
    recipient_type: row.recipient_type,
    name: row.name,
    second_name: row.second_name,
    third_name: row.third_name,
    whole_name: row.whole_name,
    relationship: references.relationship,
    channel: {
      ...channel,
      attributes,
      country: references.country,
      currency: references.currency,
      payout_method: references.payoutMethod,
    },
    attributes,
    account_detail: accountDetail(attributes, row),
    account_detail_hashmap: hashmap,
    transaction_summary: {
      first_transaction_at: iso(row.first_transaction_at),
      recent_transaction_at: iso(row.recent_transaction_at),
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The last four characters of the account (or the mobile number), the rest hidden. */
function accountHint(accountNumber: string | null): string | null {
  if (accountNumber === null || accountNumber === '') return null;
  return `••••${accountNumber.slice(-4)}`;
}

/** One type-ahead suggestion (`GET /client/v1/recipients/whisper`). */
export function whisperItem(
  row: RecipientRow,
  references: Pick<RecipientReferences, 'country' | 'currency' | 'payoutMethod'>,
): RecipientWhisperItem {
  const { id, code, title } = references.payoutMethod;
  return {
    id: row.id,
    whole_name: row.whole_name,
    recipient_type: row.recipient_type,
    country: references.country,
    currency: references.currency.iso_alpha,
    payout_method: { id, code, title },
    account_hint: accountHint(row.account_number),
  };
}
