import type { RecipientType } from './channels/index.ts';

/** A mobile number as stored: the country's id, its national significant number, and E.164. */
export interface MobileNumberValue {
  country: string;
  number: string;
  e164: string;
}

/**
 * One attribute's normalised value: text (an IBAN in upper case without spaces, an option's
 * id, a trimmed name…) or a mobile number.
 */
export type RecipientValue = string | MobileNumberValue;
export type RecipientValues = Readonly<Record<string, RecipientValue | null>>;

/** What the validation needs from reference data, without a query of its own. */
export interface RecipientValidationContext {
  /** The ISO 3166-1 alpha-2 code of a country id (a mobile value's `country`), or null. */
  countryIso2Of(countryId: string): string | null;
  /** Whether the id is one of the relationships (`GET /client/v1/resources/relationships`). */
  isRelationship(relationshipId: string): boolean;
}

/** A recipient body that passed: every attribute of the channel, null when left empty. */
export interface ValidRecipient {
  recipient_type: RecipientType;
  relationship_id: string;
  values: RecipientValues;
}

/** Laravel's 422 `errors`: messages (English; the route translates) by attribute key. */
export type ValidationErrors = Record<string, string[]>;
