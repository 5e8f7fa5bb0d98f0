import {
  attributeCategorySchema,
  confirmQuoteBodySchema,
  CSRF_MISMATCH_MESSAGE,
  supportedLocales,
  textMessages,
  transactionListQuerySchema,
} from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../errors/app-error.ts';
import { SOURCE_COUNTRIES, catalogueFor } from '../modules/customers/index.ts';
import { apiCatalogue, apiText } from './catalogue.ts';
import { PLACEHOLDER } from './text-table.ts';
import { isKnownText, translate } from './translate.ts';

const placeholdersOf = (text: string) =>
  [...text.matchAll(PLACEHOLDER)].map((match) => match[0]).sort();

/** Texts that are the same words in Spanish: names. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Eircode']);

describe('the API catalogue', () => {
  it('has every key in every language, none empty, with the same placeholders', () => {
    for (const [key, entry] of Object.entries(apiCatalogue)) {
      for (const locale of supportedLocales) {
        expect(entry[locale].trim(), `${key} (${locale})`).not.toBe('');
        expect(placeholdersOf(entry[locale]), `${key} (${locale})`).toEqual(
          placeholdersOf(entry.en),
        );
      }
      if (!SAME_IN_EVERY_LANGUAGE.has(entry.en)) {
        expect(entry.es, `${key} is not translated`).not.toBe(entry.en);
      }
    }
  });

  it('never has two entries for one English text (each text translates one way)', () => {
    const english = Object.values(apiCatalogue).map((entry) => entry.en);
    expect(new Set(english).size).toBe(english.length);
  });

  it('writes English exactly as the code always has (SPEC texts stay exact)', () => {
    expect(apiText('accounts.badCredentials')).toBe('These credentials do not match our records.');
    expect(apiText('http.tryAgainInSeconds', { seconds: 30 })).toBe(
      'Too many attempts. Please try again in 30 seconds.',
    );
    expect(translate('These credentials do not match our records.', 'en')).toBe(
      'These credentials do not match our records.',
    );
  });
});

describe('translate', () => {
  it('translates a whole text, and leaves what it does not know as it is', () => {
    expect(translate('The given data was invalid.', 'es')).toBe(
      'Los datos enviados no son válidos.',
    );
    expect(translate('Something nobody wrote down.', 'es')).toBe('Something nobody wrote down.');
    expect(translate(CSRF_MISMATCH_MESSAGE, 'es')).toBe(CSRF_MISMATCH_MESSAGE);
  });

  it('translates the values inside a text: field names, labels, waits, first errors', () => {
    expect(translate('The password confirmation field is required.', 'es')).toBe(
      'El campo confirmación de la contraseña es obligatorio.',
    );
    expect(translate('The first name field is required.', 'es')).toBe(
      'El campo nombre es obligatorio.',
    );
    expect(translate('Choose your occupation from the list.', 'es')).toBe(
      'Elige tu ocupación de la lista.',
    );
    expect(translate('The password needs at least one uppercase letter.', 'es')).toBe(
      'La contraseña necesita al menos una letra mayúscula.',
    );
    expect(translate('Too many failed sign-ins. Please try again in 15 minutes.', 'es')).toBe(
      'Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo dentro de 15 minutos.',
    );
    expect(translate('The email field is required. (and 2 more errors)', 'es')).toBe(
      'El campo correo electrónico es obligatorio. (y 2 errores más)',
    );
  });

  it('names countries in the reader language and regroups numbers', () => {
    expect(translate('Enter a valid mobile number for United Kingdom.', 'es')).toBe(
      'Introduce un número de móvil válido de Reino Unido.',
    );
    expect(translate('GBP 25,000 – 49,999', 'es')).toBe('25.000 – 49.999 GBP');
    expect(translate('Under USD 25,000', 'es')).toBe('Menos de 25.000 USD');
  });
});

/** Every text a request's field can answer with, as the contracts write them. */
function contractTexts(): string[] {
  const fields = [
    undefined,
    'email',
    'password',
    'password confirmation',
    'current password',
    'mobile number',
    'attribute name',
  ];
  const texts = fields.flatMap((field) => [
    ...Object.values(textMessages(field, 254)),
    ...Object.values(textMessages(field, 254, { allowFormatCharacters: true })),
  ]);
  const category = attributeCategorySchema.safeParse('nope');
  return [
    ...texts,
    category.success ? '' : (category.error.issues[0]?.message ?? ''),
    'The email must be a valid email address.',
    'The code field is required.',
    'The code must be 6 digits.',
    'The reset link is invalid.',
    'Choose a country from the list.',
    'Choose the country of the number.',
    'Choose English or Spanish.',
    'This field must be text or null.',
    'The page must be a whole number.',
    'The page must be at least 1.',
    'The page must be at most 100000.',
    // Confirm and the transactions list (packages/contracts/src/transactions.ts, payments.ts).
    ...confirmAndListTexts(),
  ];
}

/** The messages the confirm body and the transactions list query answer with. */
function confirmAndListTexts(): string[] {
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];
  return [
    ...messages(
      confirmQuoteBodySchema.safeParse({
        purpose_id: 'x',
        payment_method_id: 'x',
        third_party_declaration_accepted: false,
        payment_data: Object.fromEntries(
          Array.from({ length: 21 }, (_, index) => [`${'k'.repeat(70)}${index}`, 'v']),
        ),
      }),
    ),
    ...messages(transactionListQuerySchema.safeParse({ page: 1, limit: 'x', start_date: 'x' })),
    ...messages(transactionListQuerySchema.safeParse({ limit: 0 })),
    ...messages(transactionListQuerySchema.safeParse({ limit: 51 })),
    ...messages(
      transactionListQuerySchema.safeParse({ start_date: '2026-02-02', end_date: '2026-02-01' }),
    ),
    ...messages(transactionListQuerySchema.safeParse({ recipient_id: 'x' })),
  ];
}

/** Every word a form is built from: each catalogue's labels, hints, messages and options. */
function catalogueTexts(): string[] {
  const countries = [...SOURCE_COUNTRIES.map((source) => source.iso2), 'FR'];
  return countries.flatMap((iso2) =>
    catalogueFor(iso2).flatMap((definition) => [
      definition.label,
      ...[definition.info_text, definition.expression_error_message].filter(
        (text): text is string => text !== null,
      ),
      ...(definition.attribute === 'address.region'
        ? []
        : (definition.options ?? []).map((option) => option.label)),
    ]),
  );
}

describe('coverage: every text the API sends has Spanish', () => {
  it("every error code message (but Laravel's CSRF text)", () => {
    for (const { message } of Object.values(errorCodes)) {
      if (message === CSRF_MISMATCH_MESSAGE) continue;
      expect(isKnownText(message), message).toBe(true);
    }
  });

  it("every contract's field message", () => {
    for (const text of contractTexts()) expect(isKnownText(text), text).toBe(true);
  });

  it("every attribute catalogue's labels, hints, messages and options", () => {
    for (const text of catalogueTexts()) {
      if (SAME_IN_EVERY_LANGUAGE.has(text)) continue;
      expect(isKnownText(text), text).toBe(true);
    }
  });
});
