/**
 * The details an approved proof of identity records (docs/product/identity-documents.md#poi-name-check): the name and date of birth on
 * it, which `poi_name_check` compares with the profile and apply-info-from-poi copies over.
 */
export interface IdentityDetails {
  name: string | null;
  secondName: string | null;
  thirdName: string | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
}

/**
 * The sandbox "reads" an ID from its file name (docs/sandbox-providers.md):
 * `…--<given>-<middle…>-<family>--<YYYY-MM-DD>…`, e.g. `passport--jane-doe--1990-05-12.jpg`.
 * Names are letters only (any script); at least a given and a family name.
 */
const DETAILS_PATTERN =
  /(?:^|--)(\p{L}+(?:-\p{L}+)+)--(\d{4})-(\d{2})-(\d{2})(?=--|\.[a-z0-9]+$|$)/u;

const capitalised = (word: string) =>
  word.charAt(0).toLocaleUpperCase('en') + word.slice(1).toLocaleLowerCase('en');

/** A real calendar date, written back as YYYY-MM-DD, or null (2001-02-30 is not one). */
function calendarDate(year: string, month: string, day: string): string | null {
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  const written = date.toISOString().slice(0, 10);
  return written === `${year}-${month}-${day}` ? written : null;
}

/** The details written in one file name, or null when it follows no pattern. */
export function detailsFromFileName(fileName: string): IdentityDetails | null {
  const match = DETAILS_PATTERN.exec(fileName.normalize('NFC'));
  if (!match) return null;
  const [, words = '', year = '', month = '', day = ''] = match;
  const birthDate = calendarDate(year, month, day);
  if (!birthDate) return null;
  const names = words.split('-').map(capitalised);
  const first = names[0] ?? null;
  const last = names.length > 1 ? (names.at(-1) ?? null) : null;
  const middle = names.slice(1, -1).join(' ');
  return { name: first, secondName: middle || null, thirdName: last, birthDate };
}

/**
 * What an approved ID records: the first page whose file name carries details, or else the
 * profile's own (the sandbox's ID "matches" the customer).
 */
export function readIdentityDetails(
  fileNames: readonly string[],
  profile: IdentityDetails,
): IdentityDetails {
  for (const fileName of fileNames) {
    const details = detailsFromFileName(fileName);
    if (details) return details;
  }
  return profile;
}
