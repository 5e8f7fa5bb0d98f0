import crypto from 'node:crypto';
import { apiPaths, customerSchema, deviceParamsSchema } from '@corridor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  latestCode,
  signUpCustomer,
  STRONG_PASSWORD,
  TestBrowser,
} from '../../test/test-browser.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const newEmail = () => `devices-${crypto.randomUUID()}@example.com`;

/** A customer with a verified email, signed in (from sign-up) in the returned browser. */
async function verifiedCustomer(email: string): Promise<TestBrowser> {
  const { browser } = await signUpCustomer(testApp.app, email);
  const verify = await browser.post(apiPaths.verifyEmailAddress, {
    otp: await latestCode(testApp.app, email),
  });
  expect(verify.statusCode).toBe(200);
  return browser;
}

/** Another device of the same customer: password, then the emailed code. */
async function signIn(email: string): Promise<TestBrowser> {
  const browser = new TestBrowser(testApp.app);
  expect(
    (await browser.post(apiPaths.login, { email, password: STRONG_PASSWORD })).statusCode,
  ).toBe(200);
  const mfa = await browser.post(apiPaths.mfa, { otp: await latestCode(testApp.app, email) });
  expect(mfa.statusCode).toBe(200);
  return browser;
}

async function sessionIdOf(browser: TestBrowser): Promise<string> {
  const profile = await browser.get(apiPaths.profile);
  expect(profile.statusCode).toBe(200);
  return customerSchema.parse(profile.json()).session.id;
}

describe('DELETE /client/v1/device/{id}', () => {
  it('defect 9: the path id must be a UUID, and the contract lower-cases it', () => {
    const id = crypto.randomUUID();
    expect(deviceParamsSchema.parse({ id: id.toUpperCase() })).toEqual({ id });
    expect(deviceParamsSchema.safeParse({ id: 'not-a-uuid' }).success).toBe(false);
  });

  it('defect 9: the current session named in upper case is still the current device (409), and stays signed in', async () => {
    const browser = await verifiedCustomer(newEmail());
    const current = await sessionIdOf(browser);
    for (const id of [current.toUpperCase(), current.replace(/[a-f]/, (c) => c.toUpperCase())]) {
      const response = await browser.delete(apiPaths.device(id));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ type: 'current_device' });
    }
    expect((await browser.get(apiPaths.profile)).statusCode).toBe(200);
  });

  it('defect 9 (guard): another device named in upper case is found and signed out', async () => {
    const email = newEmail();
    const a = await verifiedCustomer(email);
    const b = await signIn(email);
    const bId = await sessionIdOf(b);
    expect((await a.delete(apiPaths.device(bId.toUpperCase()))).statusCode).toBe(204);
    expect((await b.get(apiPaths.profile)).statusCode).toBe(401);
    expect((await a.get(apiPaths.profile)).statusCode).toBe(200);
  });
});
