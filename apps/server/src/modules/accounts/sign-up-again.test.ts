import crypto from 'node:crypto';
import { apiPaths, customerSchema } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { verifiedCustomer } from '../../test/factories.ts';
import { mailsTo, waitForMail } from '../../test/mailbox.ts';
import { TestBrowser } from '../../test/test-browser.ts';

const testApp = appPerFile();
const newEmail = () => `again-${crypto.randomUUID()}@example.com`;

async function signUp(email: string, headers: Record<string, string> = {}) {
  const browser = new TestBrowser(testApp.app);
  const response = await browser.request(
    'POST',
    apiPaths.signup,
    { email, password: 'Another-Strong-Pass-18', confirm_password: 'Another-Strong-Pass-18' },
    headers,
  );
  return { browser, response };
}

/** The parts of an answer a client could tell apart, without the values that always differ. */
function visible(response: Awaited<ReturnType<typeof signUp>>['response']) {
  const body = customerSchema.parse(response.json());
  return {
    status: response.statusCode,
    cookies: response.cookies.map((cookie) => cookie.name).sort(),
    account: { is_email_verified: body.account.is_email_verified },
    session: { mfa_method: body.session.mfa_method, completed: body.session.is_mfa_completed },
    locale: body.locale,
  };
}

describe('defect 18: signing up again with an address that already has an account', () => {
  it('defect 18: answers exactly as a new address does, and mails the owner how to sign in', async () => {
    const owner = newEmail();
    await verifiedCustomer(testApp.app, owner);
    const fresh = await signUp(newEmail());
    const again = await signUp(owner);
    expect(visible(again.response)).toEqual(visible(fresh.response));

    // Resending "the code" answers the same words too (within 30 s: wait, for both alike; the
    // seconds left may differ by the time between the two sign-ups).
    const resentFresh = await fresh.browser.post(apiPaths.resendEmailVerification);
    const resentAgain = await again.browser.post(apiPaths.resendEmailVerification);
    const words = (response: typeof resentFresh) => [
      response.statusCode,
      JSON.stringify(response.json()).replace(/\d+/g, 'N'),
    ];
    expect(words(resentAgain)).toEqual(words(resentFresh));

    const notice = await waitForMail(
      testApp.app,
      owner,
      /^Someone tried to sign up to Corridor with your email$/,
    );
    expect(notice.text).toContain('You already have an account');
    expect(notice.text).toContain('If it was you, sign in instead:');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
  });

  it("defect 18: the owner's notice is in the owner's language, not the new sign-up's", async () => {
    const owner = newEmail();
    const { browser } = await verifiedCustomer(testApp.app, owner);
    expect((await browser.post(apiPaths.profileLocale, { locale: 'es' })).statusCode).toBe(200);
    const before = (await mailsTo(testApp.app, owner)).length;
    const again = await signUp(owner, { 'accept-language': 'en' });
    expect(again.response.statusCode).toBe(201);
    const notice = await waitForMail(testApp.app, owner, /^Alguien ha intentado registrarse/);
    expect(notice.text).toContain('Ya tienes una cuenta');
    expect((await mailsTo(testApp.app, owner)).length).toBe(before + 1);
  });
});
