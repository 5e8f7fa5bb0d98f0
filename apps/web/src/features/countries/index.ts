// Reference data: the countries (GET /client/v1/countries and /countries/source).
export {
  countriesQuery,
  sourceCountriesQuery,
  useCountries,
  useSourceCountries,
} from './api/get-countries';
