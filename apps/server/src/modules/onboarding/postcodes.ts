/**
 * Postcodes as the post office writes them (defect 25): upper case, single spaces, and where a
 * country's postcode has a fixed second part, the space before it. "sw1a1aa" is "SW1A 1AA",
 * "k1a0b1" is "K1A 0B1", "d02x285" is "D02 X285"; elsewhere "75 008" stays "75 008". Only
 * values the country's pattern accepted reach this, so the split is always where it belongs.
 */
const SECOND_PART_LENGTH: Readonly<Record<string, number>> = {
  // UK: the inward code, a digit and two letters (GIR 0AA included).
  GB: 3,
  // Canada: the local delivery unit, digit letter digit.
  CA: 3,
  // Ireland: the Eircode's unique identifier, four characters.
  IE: 4,
};

export function normalisePostcode(value: string, country: string): string {
  const upper = value.trim().toUpperCase().replace(/\s+/g, ' ');
  const secondPart = SECOND_PART_LENGTH[country.toUpperCase()];
  if (secondPart === undefined) return upper;
  const compact = upper.replace(/ /g, '');
  if (compact.length <= secondPart) return upper;
  return `${compact.slice(0, -secondPart)} ${compact.slice(-secondPart)}`;
}
