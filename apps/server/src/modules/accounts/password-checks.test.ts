import crypto from 'node:crypto';
import { apiPaths } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { HOUR, TestClock } from '../../test/clock.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { verifiedCustomer } from '../../test/factories.ts';
import { mailsTo, waitForMail } from '../../test/mailbox.ts';
import { STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';

const clock = new TestClock();
const testApp = appPerFile({ clock });
const newEmail = () => `password-checks-${crypto.randomUUID()}@example.com`;
const INVALID_LINK = 'This password reset link is invalid or has expired. Ask for a new one.';

/** Asks for a reset link as the SPA does and returns the token its form posts (decoded). */
async function resetToken(email: string): Promise<string> {
  const browser = new TestBrowser(testApp.app);
  expect((await browser.post(apiPaths.forgotPassword, { email })).statusCode).toBe(200);
  const mail = await waitForMail(testApp.app, email, /^Reset your Corridor password$/);
  const encoded = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!encoded) throw new Error('no reset link in the mail');
  return Buffer.from(encoded, 'base64url').toString('utf8');
}

describe('defect 13: changing the password to the current one', () => {
  it('defect 13: is a 422 on password, changes nothing, mails nothing, ends no session', async () => {
    const email = newEmail();
    const { browser } = await verifiedCustomer(testApp.app, email);
    const response = await browser.post(apiPaths.changePassword, {
      current_password: STRONG_PASSWORD,
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Choose a new password, not your current one.',
      errors: { password: ['Choose a new password, not your current one.'] },
    });
    expect((await browser.get(apiPaths.profile)).statusCode).toBe(200);
    const subjects = (await mailsTo(testApp.app, email)).map((mail) => mail.subject);
    expect(subjects).not.toContain('Your Corridor password was changed');
  });

  it('defect 13: says so with every other problem at once, in the request language', async () => {
    const { browser } = await verifiedCustomer(testApp.app, newEmail());
    const response = await browser.request(
      'POST',
      apiPaths.changePassword,
      {
        current_password: STRONG_PASSWORD,
        password: STRONG_PASSWORD,
        confirm_password: 'something else',
      },
      { 'accept-language': 'es' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: {
        password: ['Elige una contraseña nueva, no la que usas ahora.'],
        confirm_password: ['La confirmación de la contraseña no coincide.'],
      },
    });
  });
});

describe('defect 9: the common-password rule, asked before submitting', () => {
  const check = (browser: TestBrowser, password: string) =>
    browser.post(apiPaths.passwordCheck, { password });

  it('defect 9: says whether the policy would refuse a password as too common', async () => {
    const browser = new TestBrowser(testApp.app);
    // Passes every served rule (length, upper, lower, digits) and is still refused at sign-up.
    for (const password of ['Password1234', 'Corridor-Money-1', 'Qwerty123456']) {
      const response = await check(browser, password);
      expect(response.statusCode, password).toBe(200);
      expect(response.json(), password).toEqual({ commonly_used: true });
    }
    expect((await check(browser, STRONG_PASSWORD)).json()).toEqual({ commonly_used: false });
    const signUp = await browser.post(apiPaths.signup, {
      email: newEmail(),
      password: 'Password1234',
      confirm_password: 'Password1234',
    });
    expect(signUp.json()).toMatchObject({
      errors: { password: ['This password is too common or too easy to guess. Choose another.'] },
    });
  });

  it('defect 9: is public but CSRF-checked, limited per address, and never logs the password', async () => {
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: apiPaths.passwordCheck,
      payload: { password: 'Unlogged-Secret-771' },
    });
    expect(anonymous.statusCode).toBe(419);
    const browser = new TestBrowser(testApp.app);
    let last = 200;
    for (let attempt = 0; attempt < 61 && last === 200; attempt += 1) {
      last = (await check(browser, 'Unlogged-Secret-771')).statusCode;
    }
    expect(last).toBe(429);
    expect(JSON.stringify(testApp.logs())).not.toContain('Unlogged-Secret-771');
    clock.advance(HOUR);
  });
});

describe('defect 22: a reset link is checked before its form is shown', () => {
  it('defect 22: a usable link answers the masked email of its account, and stays usable', async () => {
    const email = newEmail();
    await verifiedCustomer(testApp.app, email);
    const token = await resetToken(email);
    const browser = new TestBrowser(testApp.app);
    const checked = await browser.post(apiPaths.resetPasswordCheck, { token });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ email: `${email.slice(0, 2)}***@example.com` });
    const reset = await browser.post(apiPaths.resetPassword, {
      token,
      password: 'Another-Strong-Pass-9',
      confirm_password: 'Another-Strong-Pass-9',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('defect 22: a used, expired or unknown link is the 422 resetting gives', async () => {
    const browser = new TestBrowser(testApp.app);
    const invalid = { message: INVALID_LINK, errors: { token: [INVALID_LINK] } };

    const unknown = await browser.post(apiPaths.resetPasswordCheck, { token: 'f'.repeat(32) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(invalid);

    const email = newEmail();
    await verifiedCustomer(testApp.app, email);
    const used = await resetToken(email);
    const reset = await browser.post(apiPaths.resetPassword, {
      token: used,
      password: 'Another-Strong-Pass-9',
      confirm_password: 'Another-Strong-Pass-9',
    });
    expect(reset.statusCode).toBe(200);
    expect((await browser.post(apiPaths.resetPasswordCheck, { token: used })).json()).toEqual(
      invalid,
    );

    const otherEmail = newEmail();
    await verifiedCustomer(testApp.app, otherEmail);
    const expiring = await resetToken(otherEmail);
    clock.advance(HOUR + 1000);
    const expired = await browser.post(apiPaths.resetPasswordCheck, { token: expiring });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual(invalid);
    // The same answer as resetting with it.
    const resetExpired = await browser.post(apiPaths.resetPassword, {
      token: expiring,
      password: 'Another-Strong-Pass-9',
      confirm_password: 'Another-Strong-Pass-9',
    });
    expect(resetExpired.json()).toEqual(invalid);
  });
});
