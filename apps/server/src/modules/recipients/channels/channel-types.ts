import type { AttributeVariants } from '@corridor/contracts';
import type { DigitsRule, IbanCountry } from '../formats/index.ts';
import type { PayoutMethodCode, TargetCountry } from './payout-methods.ts';

export type RecipientType = 'individual' | 'business';

/** The original product's attribute types; an unknown type is a text input in the web app. */
export type ChannelAttributeType =
  | 'text'
  | 'select'
  | 'radio'
  | 'delivery_option'
  | 'sub_delivery_option'
  | 'account_number'
  | 'phone_number'
  | 'mobile_number'
  | 'email'
  | 'address_line_1'
  | 'address_line_2'
  | 'address_line_3'
  | 'address_city'
  | 'address_region'
  | 'address_postcode'
  | 'name'
  | 'second_name'
  | 'third_name';

/** The HTML `inputmode` the field asks the keyboard for. */
export type ChannelInputMode = 'text' | 'numeric' | 'tel';

/** A choice of a delivery_option, sub_delivery_option or select attribute (a bank, a branch…). */
export interface DeliveryOption {
  id: string;
  code: string;
  title: string;
}

/**
 * One field of the recipient form, with exactly the original product's keys
 * (docs/product/recipients.md#payout-channels). Texts are English; the route translates them.
 * `regex_pattern` is a plain source (no slashes, no flags) meaning the same with the `u` flag,
 * tested against the trimmed value as typed; lengths count UTF-16 code units of that value.
 */
export interface ChannelAttribute {
  type: ChannelAttributeType;
  input_mode: ChannelInputMode | null;
  /** Unused (null), as in the original's fixtures. */
  context: string | null;
  is_required: boolean;
  label: string;
  /** The key of the value in the add and edit bodies. */
  attribute: string;
  prefix_addon: string | null;
  suffix_addon: string | null;
  help_text: string | null;
  placeholder_text: string | null;
  regex_pattern: string | null;
  regex_failure_message: string | null;
  /** An imask pattern (0 digit, a letter, * either; other characters are fixed). */
  mask: string | null;
  min_length: number | null;
  max_length: number | null;
  exact_length: number | null;
  min_value: number | null;
  max_value: number | null;
  exact_value: number | null;
  view_order: number;
  /** The choices of delivery_option and select; [] elsewhere (sub-options load by parent). */
  options: readonly DeliveryOption[];
  /**
   * The field for each recipient type, sent with it (`attributeFor` of the contracts reads it,
   * here and in the browser), or null when it is the same for both.
   */
  by_recipient_type: AttributeVariants | null;
}

export interface ChannelConfiguration {
  /** null: the customer chooses; otherwise fixed, and the wizard skips the step. */
  recipient_type: RecipientType | null;
  /** Every account_number attribute is typed twice (`confirm_<attribute>`). */
  confirm_account_number: boolean;
  /** Attributes which, once valid, fill the name from the account-name lookup. */
  name_lookup_requirements: readonly string[];
  name_validation_requirements: readonly string[];
}

/** The server's own check of an attribute, beyond regex, lengths and options (not sent). */
export type AttributeFormat =
  | { kind: 'iban'; country: IbanCountry; bank: string | null }
  | { kind: 'ifsc'; bank: string | null }
  | { kind: 'nuban'; bank: string }
  | { kind: 'clabe'; bank: string | null }
  | { kind: 'digits'; rule: DigitsRule }
  | { kind: 'mobile'; country: string }
  /** A sub_delivery_option: one of the sub-options of the option chosen in `parent`. */
  | { kind: 'sub-option'; parent: string };

/** Server-only rules of one attribute. */
export interface AttributeRule {
  format?: AttributeFormat;
}

/** A payout channel: the recipient form of one target (country + currency) and method. */
export interface PayoutChannel {
  /** Stable: derived from country, currency and method. */
  id: string;
  country: TargetCountry;
  currency: string;
  method: PayoutMethodCode;
  configuration: ChannelConfiguration;
  /** In view order. */
  attributes: readonly ChannelAttribute[];
  rules: Readonly<Record<string, AttributeRule>>;
}

/** What `GET /client/v1/payout/channel` answers (before translation). */
export interface PayoutChannelResource {
  id: string;
  configuration: ChannelConfiguration;
  attributes: readonly ChannelAttribute[];
}
