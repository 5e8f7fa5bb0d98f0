import crypto from 'node:crypto';
import { apiPaths, customerSchema } from '@corridor/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher, type PasswordHasher } from '../../lib/password-hasher.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { fromAddress } from '../../test/client-address.ts';
import { verifiedCustomer } from '../../test/factories.ts';
import { TestBrowser } from '../../test/test-browser.ts';

/** The real argon2id hasher, counting the hashes it makes (the work a sign-up does). */
function countingHasher(): PasswordHasher & { hashes: () => number } {
  const real = createPasswordHasher();
  let hashes = 0;
  return {
    ...real,
    hash: (password) => {
      hashes += 1;
      return real.hash(password);
    },
    hashes: () => hashes,
  };
}

const hasher = countingHasher();
const testApp = appPerFile({ hasher });
const newEmail = () => `alike-${crypto.randomUUID()}@example.com`;
const PASSWORD = 'Another-Strong-Pass-18';

/** A sign-up from `ip`, with the hashes it cost. */
async function signUp(email: string, ip: string) {
  const browser = new TestBrowser(fromAddress(testApp.app, ip));
  const before = hasher.hashes();
  const response = await browser.post(apiPaths.signup, {
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
  });
  return { response, hashes: hasher.hashes() - before };
}

/** What a client could tell apart: the status, the body's keys and the values that never vary. */
function visible(response: LightMyRequestResponse) {
  const body = response.json<Record<string, unknown>>();
  const shape = { status: response.statusCode, keys: Object.keys(body).sort() };
  if (response.statusCode !== 201) return { ...shape, body };
  const customer = customerSchema.parse(body);
  return {
    ...shape,
    cookies: response.cookies.map((cookie) => cookie.name).sort(),
    verified: customer.account.is_email_verified,
    mfa: [customer.session.mfa_method, customer.session.is_mfa_completed],
  };
}

// docs/product/accounts-and-sessions.md#sign-up: a registered email answers as a new one does.
describe('issue 28: sign-up does the same work and answers alike for a registered and a new email', () => {
  it('issue 28: the same status and body shape, and the same argon2 hashing, for both', async () => {
    const owner = newEmail();
    await verifiedCustomer(fromAddress(testApp.app, '198.51.100.1'), owner);
    const registered = await signUp(owner, '198.51.100.2');
    const fresh = await signUp(newEmail(), '198.51.100.2');
    expect(registered.response.statusCode).toBe(201);
    expect(visible(registered.response)).toEqual(visible(fresh.response));
    expect(registered.hashes).toBe(1);
    expect(fresh.hashes).toBe(registered.hashes);
  });

  it('issue 28: the sign-up limit refuses a registered email exactly when it refuses a new one', async () => {
    const owner = newEmail();
    // The owner signed up today; a caller elsewhere must not be able to see it in the limit.
    await verifiedCustomer(fromAddress(testApp.app, '198.51.100.3'), owner);
    const other = newEmail();
    const tries = async (email: string) => {
      const answers = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const { response, hashes } = await signUp(email, '198.51.100.4');
        answers.push({ ...visible(response), hashes });
      }
      return answers;
    };
    const registered = await tries(owner);
    const fresh = await tries(other);
    expect(registered).toEqual(fresh);
    expect(fresh.map((answer) => answer.status)).toEqual([201, 201, 201, 429]);
  });
});
