// The catalogues the profile forms speak with (theirs and the country pickers'), for the
// loaders of the screens that show the forms (onboarding, settings): with the screen's chunk,
// so no key shows meanwhile. This feature's entry for `import()` beside customer-store-access:
// loading it does not wait for the forms' own chunk (libphonenumber, the masks).
import { countriesMessages } from '@/features/countries';
import { customersMessages } from './messages';

export async function loadProfileFormMessages(): Promise<void> {
  await Promise.all([customersMessages.load(), countriesMessages.load()]);
}
