import type { CustomerDocumentRow } from './documents.repository.ts';

/** The profile's identity, as `poi_name_check` compares it with what the ID says. */
export interface ProfileIdentity {
  name: string | null;
  second_name: string | null;
  third_name: string | null;
  /** yyyy-mm-dd. */
  birth_date: string | null;
}

/**
 * Names are compared as a person would read them off an ID: letters only, whatever the case,
 * accents (José, JOSE), special letters (Straße, STRASSE; Łukasz, LUKASZ), spaces, hyphens and
 * apostrophes (Jean-Luc, JEAN LUC; O'Brien, OBRIEN). An ID's machine-readable zone writes names
 * this way, so anything stricter would fail honest customers.
 */
const names = new Intl.Collator('en', {
  usage: 'search',
  sensitivity: 'base',
  ignorePunctuation: true,
});

const blank = (value: string | null) => value === null || value.trim() === '';

function sameName(profile: string | null, read: string | null): boolean {
  if (blank(profile) || blank(read)) return blank(profile) && blank(read);
  return names.compare(profile ?? '', read ?? '') === 0;
}

/**
 * `poi_name_check` (docs/product/identity-documents.md#poi-name-check): null until a proof of identity is approved (or when the reviewer
 * read nothing from it); then whether the newest approved one's name and date of birth are the
 * profile's. `documents` are newest first.
 */
export function poiNameCheck(
  profile: ProfileIdentity,
  documents: readonly CustomerDocumentRow[],
): boolean | null {
  const poi = documents.find(
    (document) => document.category_code === 'POI' && document.status === 'approved',
  );
  if (!poi) return null;
  if (poi.poi_name === null && poi.poi_third_name === null && poi.poi_birth_date === null) {
    return null;
  }
  return (
    sameName(profile.name, poi.poi_name) &&
    sameName(profile.second_name, poi.poi_second_name) &&
    sameName(profile.third_name, poi.poi_third_name) &&
    profile.birth_date === poi.poi_birth_date
  );
}
