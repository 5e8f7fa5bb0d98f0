import type { TextTable } from '../text-table.ts';

/**
 * What a request's fields answer: the contracts' messages (packages/contracts, text.ts and the
 * request schemas, written in English there and translated here by their text) and the
 * attribute checks (modules/onboarding/attribute-validation.ts). `{field}` is a field's name
 * in a sentence ("first name"): a label of the attribute catalogue lower-cased, or one of the
 * names below.
 */
export const fieldTexts = {
  'fields.required': {
    en: 'The {field} field is required.',
    es: 'El campo {field} es obligatorio.',
  },
  'fields.requiredUnnamed': { en: 'This field is required.', es: 'Este campo es obligatorio.' },
  'fields.tooLong': {
    en: 'The {field} must not be longer than {max} characters.',
    es: 'El campo {field} no puede tener más de {max} caracteres.',
  },
  'fields.tooLongUnnamed': {
    en: 'This field must not be longer than {max} characters.',
    es: 'Este campo no puede tener más de {max} caracteres.',
  },
  'fields.invisible': {
    en: 'The {field} field must not contain control or invisible characters.',
    es: 'El campo {field} no puede contener caracteres de control ni invisibles.',
  },
  'fields.invisibleUnnamed': {
    en: 'This field must not contain control or invisible characters.',
    es: 'Este campo no puede contener caracteres de control ni invisibles.',
  },
  'fields.control': {
    en: 'The {field} field must not contain control characters.',
    es: 'El campo {field} no puede contener caracteres de control.',
  },
  'fields.controlUnnamed': {
    en: 'This field must not contain control characters.',
    es: 'Este campo no puede contener caracteres de control.',
  },
  'fields.malformed': {
    en: 'The {field} field must be valid Unicode text.',
    es: 'El campo {field} debe ser texto Unicode válido.',
  },
  'fields.malformedUnnamed': {
    en: 'This field must be valid Unicode text.',
    es: 'Este campo debe ser texto Unicode válido.',
  },
  'fields.textOrNull': {
    en: 'This field must be text or null.',
    es: 'Este campo debe ser texto o null.',
  },
  'fields.chooseFromList': {
    en: 'Choose your {field} from the list.',
    es: 'Elige tu {field} de la lista.',
  },
  'fields.notInProfile': {
    en: 'This field is not part of your profile.',
    es: 'Este campo no forma parte de tu perfil.',
  },
  'fields.invalid': { en: 'This value is not valid.', es: 'Este valor no es válido.' },
  'fields.email': {
    en: 'The email must be a valid email address.',
    es: 'El correo electrónico debe ser una dirección válida.',
  },
  'fields.codeDigits': { en: 'The code must be 6 digits.', es: 'El código debe tener 6 dígitos.' },
  'fields.resetLinkInvalid': {
    en: 'The reset link is invalid.',
    es: 'El enlace para restablecer la contraseña no es válido.',
  },
  'fields.chooseCountry': {
    en: 'Choose a country from the list.',
    es: 'Elige un país de la lista.',
  },
  'fields.chooseMobileCountry': {
    en: 'Choose the country of the number.',
    es: 'Elige el país del número.',
  },
  'fields.chooseLocale': { en: 'Choose English or Spanish.', es: 'Elige inglés o español.' },
  'fields.category': {
    en: 'The category must be identity, address or employment.',
    es: 'La categoría debe ser identity, address o employment.',
  },
  'fields.pageWhole': {
    en: 'The page must be a whole number.',
    es: 'La página debe ser un número entero.',
  },
  'fields.pageMin': { en: 'The page must be at least 1.', es: 'La página debe ser como mínimo 1.' },
  'fields.pageMax': {
    en: 'The page must be at most 100000.',
    es: 'La página debe ser como máximo 100000.',
  },
  // Birth date rules (attribute-validation.ts).
  'fields.birthDate.notADate': {
    en: 'Enter a real date, as YYYY-MM-DD.',
    es: 'Introduce una fecha real, con el formato AAAA-MM-DD.',
  },
  'fields.birthDate.future': {
    en: 'Your date of birth cannot be in the future.',
    es: 'Tu fecha de nacimiento no puede ser futura.',
  },
  'fields.birthDate.tooEarly': {
    en: 'Enter a date of birth from 1900 onwards.',
    es: 'Introduce una fecha de nacimiento a partir de 1900.',
  },
  'fields.birthDate.tooYoung': {
    en: 'You must be at least {years} years old to use Corridor.',
    es: 'Debes tener al menos {years} años para usar Corridor.',
  },
  // The names the contracts give their fields, as they appear inside a sentence.
  'fields.name.email': { en: 'email', es: 'correo electrónico' },
  'fields.name.password': { en: 'password', es: 'contraseña' },
  'fields.name.passwordConfirmation': {
    en: 'password confirmation',
    es: 'confirmación de la contraseña',
  },
  'fields.name.currentPassword': { en: 'current password', es: 'contraseña actual' },
  'fields.name.mobileNumber': { en: 'mobile number', es: 'número de móvil' },
  'fields.name.attributeName': { en: 'attribute name', es: 'nombre del atributo' },
  'fields.name.code': { en: 'code', es: 'código' },
} as const satisfies TextTable;
