import type {
  ChannelAttribute,
  ChannelConfiguration,
  RecipientBody,
  RecipientType,
} from '@corridor/contracts';
import {
  asksToConfirm,
  confirmKey,
  isPhoneAttribute,
  phoneKeys,
  textOf,
  type FormValues,
} from './channel-form';

// What the recipient form sends and what a 422 of it can name (decision 22).

/**
 * The add and edit body (contracts' recipientBody): the type, the relationship, every
 * attribute (text trimmed, an option's id, a phone as `{country, number}`; null when empty) and
 * each twin the channel asks for.
 */
export function recipientBody(
  attributes: readonly ChannelAttribute[],
  values: FormValues,
  configuration: ChannelConfiguration,
  recipientType: RecipientType,
  relationshipId: string | null,
): RecipientBody {
  const body: RecipientBody = {
    recipient_type: recipientType,
    relationship_id: relationshipId,
  };
  for (const attribute of attributes) {
    const key = attribute.attribute;
    const value = values[key];
    if (isPhoneAttribute(attribute)) {
      const phone = typeof value === 'object' ? value : null;
      body[key] =
        phone === null || phone.number.trim() === ''
          ? null
          : { country: phone.countryId, number: phone.number.trim() };
      continue;
    }
    const text = textOf(value).trim();
    body[key] = text === '' ? null : text;
    if (asksToConfirm(configuration, attribute)) {
      body[confirmKey(attribute)] = textOf(values[confirmKey(attribute)]).trim();
    }
  }
  return body;
}

/** The keys one attribute's messages can sit under: itself, its twin and a phone's two parts. */
export function attributeKeys(attribute: ChannelAttribute): string[] {
  const keys = [attribute.attribute, confirmKey(attribute)];
  if (isPhoneAttribute(attribute)) {
    const { country, number } = phoneKeys(attribute);
    keys.push(country, number);
  }
  return keys;
}

/** Every key a 422 of this form can name, so each message lands under its field. */
export function errorKeys(attributes: readonly ChannelAttribute[]): string[] {
  return attributes.flatMap(attributeKeys);
}
