import { z } from 'zod';
import { collection } from './pagination.ts';

/** Country, exactly the fields of SPEC §3. */
export const countrySchema = z.object({
  id: z.uuid(),
  iso2_alpha: z.string().length(2),
  iso3_alpha: z.string().length(3),
  /** Null for the user-assigned code XK (Kosovo), which has no ISO numeric code. */
  iso_numeric: z.string().length(3).nullable(),
  /** FIPS 10-4 was withdrawn in 2008 and no maintained source carries it: null (docs/decisions/0003). */
  fips_code: z.string().nullable(),
  slug: z.string(),
  calling_code: z.string().nullable(),
  common_name: z.string(),
  official_name: z.string(),
  endonym: z.string(),
  demonym: z.string().nullable(),
});
export type Country = z.infer<typeof countrySchema>;

export const countryListSchema = collection(countrySchema);
export type CountryList = z.infer<typeof countryListSchema>;
