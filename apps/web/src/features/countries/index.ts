// Reference data (GET /client/v1/countries, /countries/source), the country pickers and the
// served countries with their waiting list. Without TanStack Query, so public screens (sign-up)
// may import it (decision 17).
export { useCountries, useSourceCountries } from './api/get-countries';
export {
  CountrySelect,
  type CountrySelectProps,
  type SelectableCountry,
} from './components/country-select';
export {
  CountryWaitlistForm,
  type CountryWaitlistFormProps,
} from './components/country-waitlist-form';
export {
  ServedCountriesNote,
  type ServedCountriesNoteProps,
} from './components/served-countries-note';
export { countryAliases } from './lib/country-aliases';
export { compareNames, countryName } from './lib/country-names';
export { searchCountries, searchableCountry } from './lib/country-search';
export { countriesMessages } from './messages';
