/**
 * The API in the customer's language (issue 14): one catalogue of every text the API sends
 * (English, the source, and Spanish), the request's language, and country names.
 */
export { apiCatalogue, apiText, type ApiTextKey, type PlainTextKey } from './catalogue.ts';
export { countryNameOf } from './country-names.ts';
export { requestLocale } from './request-locale.ts';
export { translate } from './translate.ts';
