import crypto from 'node:crypto';
import { apiPaths, customerSchema, type Attribute } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { mailsTo, waitForMail } from '../../test/mailbox.ts';
import { latestCode, STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';

/**
 * Issue 14, two languages: the customer's language is kept on the customer (set at sign-up,
 * changed by POST /profile/locale) and every email is written in it; the resource's words follow
 * the request's language.
 */
const testApp = appPerFile();
const newEmail = () => `language-${crypto.randomUUID()}@example.com`;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Signs up through `browser`, sending `headers` with the sign-up. */
async function signUp(browser: TestBrowser, email: string, extra: object, language?: string) {
  const response = await browser.request(
    'POST',
    apiPaths.signup,
    { email, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD, ...extra },
    language ? { 'accept-language': language } : {},
  );
  expect(response.statusCode).toBe(201);
  return customerSchema.parse(response.json());
}

async function verify(browser: TestBrowser, email: string) {
  const verified = await browser.post(apiPaths.verifyEmailAddress, {
    otp: await latestCode(testApp.app, email),
  });
  expect(verified.statusCode).toBe(200);
}

/** Another device signs in with the password and the emailed code. */
async function signInElsewhere(email: string, userAgent: string, language: string) {
  const browser = new TestBrowser(testApp.app, userAgent);
  const headers = { 'accept-language': language };
  const login = await browser.request(
    'POST',
    apiPaths.login,
    { email, password: STRONG_PASSWORD },
    headers,
  );
  expect(login.statusCode).toBe(200);
  const mfa = await browser.request(
    'POST',
    apiPaths.mfa,
    { otp: await latestCode(testApp.app, email) },
    headers,
  );
  expect(mfa.statusCode).toBe(200);
  return browser;
}

describe("the customer's language", () => {
  it('is English by default, and on the customer resource', async () => {
    const customer = await signUp(new TestBrowser(testApp.app), newEmail(), {});
    expect(customer.locale).toBe('en');
  });

  it("is the sign-up's language, else the request's Accept-Language", async () => {
    const fromHeader = await signUp(
      new TestBrowser(testApp.app),
      newEmail(),
      {},
      'es-MX,es;q=0.9,en;q=0.5',
    );
    expect(fromHeader.locale).toBe('es');
    const chosen = await signUp(new TestBrowser(testApp.app), newEmail(), { locale: 'es' }, 'en');
    expect(chosen.locale).toBe('es');
    const neither = await signUp(new TestBrowser(testApp.app), newEmail(), {}, 'fr-FR,de;q=0.8');
    expect(neither.locale).toBe('en');
  });

  it('is changed by POST /profile/locale, at once for every read, and only to a language we speak', async () => {
    const browser = new TestBrowser(testApp.app);
    await signUp(browser, newEmail(), {});
    const changed = await browser.post(apiPaths.profileLocale, { locale: 'es' });
    expect(changed.statusCode).toBe(200);
    expect(customerSchema.parse(changed.json()).locale).toBe('es');
    // The cached customer was evicted: the next read already says so.
    expect(customerSchema.parse((await browser.get(apiPaths.profile)).json()).locale).toBe('es');

    const refused = await browser.post(apiPaths.profileLocale, { locale: 'fr' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Choose English or Spanish.',
      errors: { locale: ['Choose English or Spanish.'] },
    });
    const anonymous = await new TestBrowser(testApp.app).post(apiPaths.profileLocale, {
      locale: 'es',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("emails in the customer's language", () => {
  it("a Spanish customer's verification code, sign-in code, new sign-in and password-changed mails are Spanish", async () => {
    const email = newEmail();
    const browser = new TestBrowser(testApp.app);
    await signUp(browser, email, { locale: 'es' });
    const verification = await waitForMail(testApp.app, email, /^Verifica tu dirección/);
    expect(verification.text).toContain('Introduce este código en Corridor');
    expect(verification.text).toContain('El código es válido durante 10 minutos.');
    expect(verification.html).toMatch(/^<!doctype html>\n<html lang="es">/);
    await verify(browser, email);

    // Signing in from an English browser does not change the customer's language.
    await signInElsewhere(email, IPHONE, 'en');
    const code = await waitForMail(testApp.app, email, /^Tu código para iniciar sesión/);
    expect(code.text).toContain('Introduce este código para terminar de iniciar sesión');
    const newSignIn = await waitForMail(testApp.app, email, /^Nuevo inicio de sesión/);
    expect(newSignIn.text).toContain('Dispositivo: Safari en iPhone');
    expect(newSignIn.text).toMatch(/Hora: \d{1,2} de [a-z]+ de \d{4}, \d{2}:\d{2} UTC/);
    expect(newSignIn.text).toContain('El equipo de Corridor');

    const changed = await browser.post(apiPaths.changePassword, {
      current_password: STRONG_PASSWORD,
      password: 'Otra-Clave-Segura-42',
      confirm_password: 'Otra-Clave-Segura-42',
    });
    expect(changed.statusCode).toBe(200);
    const passwordChanged = await waitForMail(testApp.app, email, /^Se ha cambiado tu contraseña/);
    expect(passwordChanged.text).toContain('La contraseña de tu cuenta de Corridor se cambió el');
    // Nothing of it went out in English.
    const subjects = (await mailsTo(testApp.app, email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => /\b(Your|Verify|New sign-in)\b/.test(subject))).toEqual([]);
  });

  it("an English customer's mails stay English from a Spanish browser, and follow a change of language", async () => {
    const email = newEmail();
    const browser = new TestBrowser(testApp.app);
    await signUp(browser, email, { locale: 'en' }, 'es');
    await waitForMail(testApp.app, email, /^Verify your email address for Corridor$/);
    await verify(browser, email);
    await signInElsewhere(email, IPHONE, 'es');
    const newSignIn = await waitForMail(testApp.app, email, /^New sign-in to your Corridor/);
    expect(newSignIn.text).toContain('Device: Safari on iPhone');

    expect((await browser.post(apiPaths.profileLocale, { locale: 'es' })).statusCode).toBe(200);
    expect((await browser.post(apiPaths.forgotPassword, { email })).statusCode).toBe(200);
    const reset = await waitForMail(testApp.app, email, /^Restablece tu contraseña de Corridor$/);
    expect(reset.text).toContain('Elegir una contraseña nueva:');
  });
});

describe("the resource's words in the request's language", () => {
  async function ukCustomer(language: string): Promise<Attribute[]> {
    const email = newEmail();
    const browser = new TestBrowser(testApp.app);
    await signUp(browser, email, {});
    await verify(browser, email);
    const { data } = (await browser.get(apiPaths.sourceCountries)).json<{
      data: { id: string; iso2_alpha: string }[];
    }>();
    const gb = data.find((country) => country.iso2_alpha === 'GB');
    const response = await browser.request(
      'POST',
      apiPaths.updateCountry,
      { country_id: gb?.id },
      { 'accept-language': language },
    );
    expect(response.statusCode).toBe(200);
    return customerSchema.parse(response.json()).attributes;
  }
  const named = (attributes: Attribute[], key: string) => {
    const found = attributes.find((attribute) => attribute.attribute === key);
    if (!found) throw new Error(`no ${key}`);
    return found;
  };

  it('labels, hints, placeholders, messages and options are Spanish for an es request', async () => {
    const attributes = await ukCustomer('es');
    expect(named(attributes, 'name')).toMatchObject({
      label: 'Nombre',
      info_text: 'Tal y como aparece en tu documento de identidad.',
      expression_error_message: 'Usa solo letras, espacios, guiones y apóstrofos.',
    });
    expect(named(attributes, 'birth_detail.birth_date').placeholder_text).toBe('AAAA-MM-DD');
    expect(named(attributes, 'address.postcode')).toMatchObject({
      label: 'Código postal',
      placeholder_text: 'SW1A 1AA',
    });
    expect(named(attributes, 'employment.salary_range').options?.[1]?.label).toBe(
      '25.000 – 49.999 GBP',
    );
  });

  it('defect 26: occupations are sorted by label in the request language, "Other" last', async () => {
    for (const language of ['en', 'es'] as const) {
      const options = named(await ukCustomer(language), 'employment.occupation').options ?? [];
      const labels = options.map((option) => option.label);
      const collator = new Intl.Collator(language, { sensitivity: 'base' });
      expect(labels.slice(0, -1), language).toEqual(
        [...labels.slice(0, -1)].sort((a, b) => collator.compare(a, b)),
      );
      expect(options.at(-1)?.value, language).toBe('OTHER');
      expect(options).toHaveLength(31);
    }
  });
});
