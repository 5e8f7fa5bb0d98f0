import crypto from 'node:crypto';
import { apiPaths, passwordPolicySchema, taskListSchema } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../test/app-per-file.ts';
import { onboardedCustomer, verifiedCustomer } from '../test/factories.ts';
import { STRONG_PASSWORD, TestBrowser } from '../test/test-browser.ts';

/**
 * Issue 14: the API answers in the request's language (Accept-Language; English by default),
 * and its English is exactly what it always was.
 */
const testApp = appPerFile();
const newEmail = () => `errors-${crypto.randomUUID()}@example.com`;
const spanish = { 'accept-language': 'es-ES,es;q=0.9' };

const badSignUp = { email: 'not an email', password: 'short', confirm_password: 'other' };

describe('errors in the request language', () => {
  it('a 422 of the contracts and of the policy: every field message and the summary', async () => {
    const browser = new TestBrowser(testApp.app);
    const english = await browser.post(apiPaths.signup, badSignUp);
    expect(english.statusCode).toBe(422);
    expect(english.json()).toEqual({
      message: 'The email must be a valid email address.',
      errors: { email: ['The email must be a valid email address.'] },
    });
    const answer = await browser.request('POST', apiPaths.signup, badSignUp, spanish);
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({
      message: 'El correo electrónico debe ser una dirección válida.',
      errors: { email: ['El correo electrónico debe ser una dirección válida.'] },
    });

    const weak = { email: newEmail(), password: 'vbzq', confirm_password: 'other' };
    const policy = await browser.request('POST', apiPaths.signup, weak, spanish);
    expect(policy.json()).toEqual({
      message: 'La contraseña debe tener al menos 12 caracteres. (y 3 errores más)',
      errors: {
        password: [
          'La contraseña debe tener al menos 12 caracteres.',
          'La contraseña necesita al menos una letra mayúscula.',
          'La contraseña necesita al menos un número.',
        ],
        confirm_password: ['La confirmación de la contraseña no coincide.'],
      },
    });
    // English, byte for byte as before.
    expect((await browser.post(apiPaths.signup, weak)).json()).toEqual({
      message: 'The password must be at least 12 characters. (and 3 more errors)',
      errors: {
        password: [
          'The password must be at least 12 characters.',
          'The password needs at least one uppercase letter.',
          'The password needs at least one number.',
        ],
        confirm_password: ['The password confirmation does not match.'],
      },
    });
  });

  it("the service's own errors: credentials, the code owed (412), signed out (401), not found", async () => {
    const browser = new TestBrowser(testApp.app);
    const login = await browser.request(
      'POST',
      apiPaths.login,
      { email: newEmail(), password: STRONG_PASSWORD },
      spanish,
    );
    expect(login.json()).toEqual({
      message: 'Estos datos de acceso no coinciden con nuestros registros.',
      errors: { email: ['Estos datos de acceso no coinciden con nuestros registros.'] },
    });
    const signedOut = await browser.request('GET', apiPaths.profile, undefined, spanish);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'No has iniciado sesión.' });
    const missing = await browser.request('GET', '/client/v1/nothing-here', undefined, spanish);
    expect(missing.json()).toEqual({ message: 'No lo hemos encontrado.' });

    const email = newEmail();
    await verifiedCustomer(testApp.app, email);
    const owing = new TestBrowser(testApp.app);
    await owing.post(apiPaths.login, { email, password: STRONG_PASSWORD });
    const gated = await owing.request('GET', apiPaths.devices, undefined, spanish);
    expect(gated.statusCode).toBe(412);
    expect(gated.json()).toEqual({
      type: 'more_authentication_required',
      message:
        'Introduce el código que te hemos enviado por correo electrónico para terminar de iniciar sesión.',
    });
  });

  it("the attribute checks name the field in the reader's words", async () => {
    const { browser } = await onboardedCustomer(testApp.app, newEmail());
    const response = await browser.request(
      'POST',
      `${apiPaths.updateAttributes}?category=identity`,
      { name: '', nationality_id: 'nowhere', birth_detail: { birth_date: '2999-01-01' } },
      spanish,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'El campo nombre es obligatorio. (y 2 errores más)',
      errors: {
        name: ['El campo nombre es obligatorio.'],
        nationality_id: ['Elige tu nacionalidad de la lista.'],
        'birth_detail.birth_date': ['Tu fecha de nacimiento no puede ser futura.'],
      },
    });
  });
});

describe('answers in the request language', () => {
  it('the password policy the forms check against', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: apiPaths.passwordPolicy,
      headers: spanish,
    });
    const policy = passwordPolicySchema.parse(response.json());
    expect(policy.length).toEqual({ value: 12, message: 'Al menos 12 caracteres', regex: null });
    expect(policy.uppercase.message).toBe('Al menos una letra mayúscula');
    const english = await testApp.app.inject({ method: 'GET', url: apiPaths.passwordPolicy });
    expect(passwordPolicySchema.parse(english.json()).length.message).toBe(
      'At least 12 characters',
    );
  });

  it('the dashboard tasks and what the code and password screens say', async () => {
    const { browser } = await verifiedCustomer(testApp.app, newEmail());
    const tasks = taskListSchema.parse(
      (await browser.request('GET', apiPaths.tasks, undefined, spanish)).json(),
    );
    expect(tasks[0]).toMatchObject({
      id: 'email_verification',
      title: 'Verifica tu dirección de correo electrónico',
      status: 'completed',
    });
    const forgot = await browser.request(
      'POST',
      apiPaths.forgotPassword,
      { email: newEmail() },
      spanish,
    );
    expect(forgot.json()).toEqual({
      message:
        'Si existe una cuenta con ese correo electrónico, te hemos enviado un enlace para restablecer la contraseña.',
    });
  });
});
