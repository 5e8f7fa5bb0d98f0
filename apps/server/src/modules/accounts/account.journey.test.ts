import { customerSchema } from '@corridor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { latestCode, STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('account journey', () => {
  it('signs up, verifies the email, signs out, signs in with a second factor', async () => {
    const { app } = testApp;
    const browser = new TestBrowser(app);
    const email = 'ada@example.com';

    const signup = await browser.post('/client/v1/signup', {
      email,
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(signup.statusCode).toBe(201);
    const created = customerSchema.parse(signup.json());
    expect(created.account).toMatchObject({ email, is_email_verified: false });
    expect(created.session).toMatchObject({ is_mfa_completed: false, mfa_method: null });

    const verify = await browser.post('/client/v1/verify-email-address', {
      otp: await latestCode(app, email),
    });
    expect(verify.statusCode).toBe(200);
    expect(customerSchema.parse(verify.json()).account.is_email_verified).toBe(true);

    expect((await browser.post('/client/v1/logout')).statusCode).toBe(204);
    expect((await browser.get('/client/v1/profile')).statusCode).toBe(401);

    const login = await browser.post('/client/v1/login', { email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(customerSchema.parse(login.json()).session).toMatchObject({
      mfa_method: 'EMAIL-OTP',
      is_mfa_completed: false,
    });
    // The second factor is owed: everything but the allowed few answers 412.
    const gated = await browser.get('/client/v1/devices');
    expect(gated.statusCode).toBe(412);
    expect(gated.json()).toMatchObject({ type: 'more_authentication_required' });
    expect((await browser.get('/client/v1/profile')).statusCode).toBe(200);

    const mfa = await browser.post('/client/v1/mfa', { otp: await latestCode(app, email) });
    expect(mfa.statusCode).toBe(200);
    expect(customerSchema.parse(mfa.json()).session.is_mfa_completed).toBe(true);

    const devices = await browser.get('/client/v1/devices');
    expect(devices.statusCode).toBe(200);
    expect(devices.json()).toMatchObject({
      data: [{ is_current: true, client_name: 'Chrome', os_name: 'Linux', device_type: 'desktop' }],
      pagination: { total: 1, per_page: 25 },
    });
  });
});
