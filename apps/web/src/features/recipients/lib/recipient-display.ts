import type { CountryFields, RecipientAttribute } from '@corridor/contracts';
import { inViewOrder } from './channel-form';

/** "+91", whether the server wrote the calling code with its plus or without. */
export function callingCodeOf(country: Pick<CountryFields, 'calling_code'>): string | null {
  const code = country.calling_code?.trim() ?? '';
  if (code === '') return null;
  return code.startsWith('+') ? code : `+${code}`;
}

/**
 * An attribute's value as the recipient's page shows it: text as stored, a phone as
 * "+{calling code} {number}", an option by its title; null when it has none.
 */
export function displayValue(attribute: RecipientAttribute): string | null {
  const { value } = attribute;
  if (value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if ('number' in value) {
    const code = callingCodeOf(value.country);
    return code === null ? value.number : `${code} ${value.number}`;
  }
  return value.title;
}

/** Every attribute that has a value, in the form's order, with what it shows. */
export function filledAttributes(
  attributes: readonly RecipientAttribute[],
): { attribute: RecipientAttribute; shown: string }[] {
  return inViewOrder(attributes).flatMap((attribute) => {
    const shown = displayValue(attribute);
    return shown === null ? [] : [{ attribute, shown }];
  });
}
