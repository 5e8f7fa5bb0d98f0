import { describe, expect, it } from 'vitest';
import { CONNECTION_PROBLEM } from './api-error';
import { CHECK_THE_FORM, formErrors } from './form-errors';
import { HttpError } from './http-error';

const FALLBACK = 'Your details were not saved. Please try again.';

/** A failed request with this answer from the server. */
function answered(status: number, data: unknown, headers: Record<string, string> = {}): HttpError {
  return new HttpError('failed', { status, data, headers: new Headers(headers) });
}

function invalid(errors: Record<string, string[]>, message = 'The given data was invalid.') {
  return answered(422, { message, errors });
}

describe('formErrors', () => {
  it('puts the first message of each field under the field of the same name', () => {
    const error = invalid({
      email: ['The email must be a valid email address.', 'Second message'],
      password: ['The password must be at least 12 characters.'],
    });
    expect(formErrors(error, ['email', 'password', 'confirm_password'], FALLBACK)).toEqual({
      fields: {
        email: 'The email must be a valid email address.',
        password: 'The password must be at least 12 characters.',
      },
      failure: null,
    });
  });

  it("maps the server's keys, dotted ones included, to the form's fields", () => {
    const error = invalid({
      mobile_number_country_id: ['Choose a country.'],
      'address.postcode': ['This postcode does not exist.'],
    });
    expect(
      formErrors(
        error,
        { mobile_number_country_id: 'country', 'address.postcode': 'postcode' },
        FALLBACK,
      ),
    ).toEqual({
      fields: { country: 'Choose a country.', postcode: 'This postcode does not exist.' },
      failure: null,
    });
    expect(formErrors(error, ['address.postcode'], FALLBACK).fields).toEqual({
      'address.postcode': 'This postcode does not exist.',
    });
  });

  it('says the messages of fields the form does not have above it (pitfall 7)', () => {
    const error = invalid({
      email: ['The email is taken.'],
      terms: ['You must accept the terms.'],
      country: ['Not supported.'],
      region: ['Not supported.'],
    });
    expect(formErrors(error, ['email'], FALLBACK)).toEqual({
      fields: { email: 'The email is taken.' },
      failure: 'You must accept the terms. Not supported.',
    });
    expect(formErrors(error, ['password'], FALLBACK)).toEqual({
      fields: {},
      failure: 'The email is taken. You must accept the terms. Not supported.',
    });
  });

  it('does not take a key from the prototype of the map for a field', () => {
    const error = invalid({ toString: ['Odd key.'], constructor: ['Odder key.'] });
    expect(formErrors(error, { email: 'email' }, FALLBACK)).toEqual({
      fields: {},
      failure: 'Odd key. Odder key.',
    });
  });

  it("says the server's message for a 422 without field errors, or asks to check the form", () => {
    expect(formErrors(answered(422, { message: 'The code has expired.' }), [], FALLBACK)).toEqual({
      fields: {},
      failure: 'The code has expired.',
    });
    expect(formErrors(invalid({}, 'Nothing fits.'), ['email'], FALLBACK).failure).toBe(
      'Nothing fits.',
    );
    expect(formErrors(answered(422, {}), ['email'], FALLBACK).failure).toBe(CHECK_THE_FORM);
  });

  it('describes any other failure, with the fallback for a server error', () => {
    expect(formErrors(answered(500, { message: 'Boom' }), ['email'], FALLBACK)).toEqual({
      fields: {},
      failure: FALLBACK,
    });
    expect(
      formErrors(
        answered(429, { message: 'Too many attempts.' }, { 'retry-after': '30' }),
        [],
        FALLBACK,
      ).failure,
    ).toBe('Too many attempts. Try again in 30 seconds.');
    expect(formErrors(answered(409, { message: 'Already done.' }), [], FALLBACK).failure).toBe(
      'Already done.',
    );
    expect(formErrors(new HttpError('no answer', {}), [], FALLBACK).failure).toBe(
      CONNECTION_PROBLEM,
    );
    expect(formErrors(new Error('bug'), ['email'], FALLBACK)).toEqual({
      fields: {},
      failure: FALLBACK,
    });
  });

  it('ignores field errors on an answer that is not a 422', () => {
    const error = answered(400, { message: 'Bad request.', errors: { email: ['Ignored.'] } });
    expect(formErrors(error, ['email'], FALLBACK)).toEqual({
      fields: {},
      failure: 'Bad request.',
    });
  });
});
