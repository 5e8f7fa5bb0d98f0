/** The emoji flag of an ISO 3166-1 alpha-2 code ("GB" → 🇬🇧); empty for anything else. */
export function flagEmoji(iso2: string): string {
  const code = iso2.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** A country's flag: decorative, since the country's name is always written beside it. */
export function CountryFlag({ iso2 }: { iso2: string }) {
  return (
    <span aria-hidden="true" style={{ fontSize: '1.1em', lineHeight: 1 }}>
      {flagEmoji(iso2)}
    </span>
  );
}
