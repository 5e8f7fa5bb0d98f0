import type { TextTable } from '../text-table.ts';

/**
 * The attribute catalogue's words (modules/customers/attribute-catalogue.ts, decision 8): the
 * labels, hints, placeholders, messages and option labels that forms are built from. A label is
 * also a field's name inside a sentence, lower-cased ("The first name field is required.").
 * Region names (ISO 3166-2) and example postcodes are names, the same in every language.
 */
export const profileTexts = {
  'profile.label.firstName': { en: 'First name', es: 'Nombre' },
  'profile.label.middleName': { en: 'Middle name', es: 'Segundo nombre' },
  'profile.label.lastName': { en: 'Last name', es: 'Apellidos' },
  'profile.label.birthDate': { en: 'Date of birth', es: 'Fecha de nacimiento' },
  'profile.label.nationality': { en: 'Nationality', es: 'Nacionalidad' },
  'profile.label.addressLine1': { en: 'Address line 1', es: 'Dirección (línea 1)' },
  'profile.label.addressLine2': { en: 'Address line 2', es: 'Dirección (línea 2)' },
  'profile.label.townOrCity': { en: 'Town or city', es: 'Localidad o ciudad' },
  'profile.label.city': { en: 'City', es: 'Ciudad' },
  'profile.label.suburbOrTown': { en: 'Suburb or town', es: 'Barrio o localidad' },
  'profile.label.county': { en: 'County', es: 'Condado' },
  'profile.label.region': { en: 'Region', es: 'Región' },
  'profile.label.state': { en: 'State', es: 'Estado' },
  'profile.label.stateOrTerritory': { en: 'State or territory', es: 'Estado o territorio' },
  'profile.label.provinceOrTerritory': {
    en: 'Province or territory',
    es: 'Provincia o territorio',
  },
  'profile.label.postcode': { en: 'Postcode', es: 'Código postal' },
  'profile.label.zipCode': { en: 'ZIP code', es: 'Código ZIP' },
  'profile.label.postalCode': { en: 'Postal code', es: 'Código postal' },
  'profile.label.eircode': { en: 'Eircode', es: 'Eircode' },
  'profile.label.occupation': { en: 'Occupation', es: 'Ocupación' },
  'profile.label.yearlyIncome': { en: 'Yearly income', es: 'Nivel de ingresos anuales' },
  'profile.info.asOnId': {
    en: 'As it appears on your ID.',
    es: 'Tal y como aparece en tu documento de identidad.',
  },
  'profile.info.leaveEmpty': {
    en: 'Leave empty if you have none.',
    es: 'Déjalo vacío si no tienes.',
  },
  'profile.info.familyName': {
    en: 'Your family name, as it appears on your ID.',
    es: 'Tus apellidos, tal y como aparecen en tu documento de identidad.',
  },
  'profile.info.adult': {
    en: 'You must be 18 or older to use Corridor.',
    es: 'Debes tener 18 años o más para usar Corridor.',
  },
  'profile.info.nationality': {
    en: 'The country of the passport or ID you will verify with.',
    es: 'El país del pasaporte o documento de identidad con el que vas a verificarte.',
  },
  'profile.info.optional': { en: 'Optional.', es: 'Opcional.' },
  'profile.info.occupation': {
    en: 'Regulations require us to ask what you do.',
    es: 'La normativa nos obliga a preguntarte a qué te dedicas.',
  },
  'profile.info.income': {
    en: 'Before tax, in your local currency.',
    es: 'Antes de impuestos, en tu moneda local.',
  },
  'profile.placeholder.street': { en: 'House number and street', es: 'Calle y número' },
  'profile.placeholder.flat': {
    en: 'Flat, unit or building (optional)',
    es: 'Piso, puerta o edificio (opcional)',
  },
  'profile.placeholder.date': { en: 'YYYY-MM-DD', es: 'AAAA-MM-DD' },
  'profile.message.name': {
    en: 'Use letters, spaces, hyphens and apostrophes only.',
    es: 'Usa solo letras, espacios, guiones y apóstrofos.',
  },
  'profile.message.date': {
    en: 'Enter the date as YYYY-MM-DD.',
    es: 'Escribe la fecha con el formato AAAA-MM-DD.',
  },
  'profile.message.addressLine': {
    en: 'Use up to 100 letters, numbers and common punctuation.',
    es: 'Usa hasta 100 letras, números y signos de puntuación habituales.',
  },
  'profile.message.region': {
    en: 'Use letters, spaces and hyphens only.',
    es: 'Usa solo letras, espacios y guiones.',
  },
  'profile.message.postcodeGB': {
    en: 'Enter a real UK postcode, for example SW1A 1AA.',
    es: 'Introduce un código postal real del Reino Unido, por ejemplo SW1A 1AA.',
  },
  'profile.message.postcodeUS': {
    en: 'Enter a 5-digit ZIP code, or ZIP+4 such as 12345-6789.',
    es: 'Introduce un código ZIP de 5 dígitos, o ZIP+4 como 12345-6789.',
  },
  'profile.message.postcodeAU': {
    en: 'Enter a 4-digit postcode, for example 2000.',
    es: 'Introduce un código postal de 4 dígitos, por ejemplo 2000.',
  },
  'profile.message.postcodeCA': {
    en: 'Enter a postal code such as K1A 0B1.',
    es: 'Introduce un código postal como K1A 0B1.',
  },
  'profile.message.postcodeIE': {
    en: 'Enter your Eircode, for example D02 X285.',
    es: 'Introduce tu Eircode, por ejemplo D02 X285.',
  },
  'profile.message.postcodeOther': {
    en: 'Enter up to 10 letters, digits, spaces or hyphens.',
    es: 'Introduce hasta 10 letras, dígitos, espacios o guiones.',
  },
  // Yearly income bands, in the currency the customer pays in.
  'profile.income.under': {
    en: 'Under {currency} {amount:number}',
    es: 'Menos de {amount:number} {currency}',
  },
  'profile.income.band': {
    en: '{currency} {from:number} – {to:number}',
    es: '{from:number} – {to:number} {currency}',
  },
  'profile.income.over': {
    en: '{currency} {from:number} or more',
    es: '{from:number} {currency} o más',
  },
} as const satisfies TextTable;
