/**
 * Issue 11: the accounts defects found by an attacker's and a fuzzer's eye, one test each, named
 * after the defect. Every test here failed before its fix. Time is a test clock, so windows of
 * an hour or a day are crossed at once.
 */
import crypto from 'node:crypto';
import { apiPaths, customerSchema, type OutboxMessage } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accounts, passwordResetTokens } from './accounts.schema.ts';
import { countries } from '../countries/countries.schema.ts';
import {
  customerAddresses,
  customerBirthDetails,
  customers,
} from '../customers/customers.schema.ts';
import { forgetCachedCustomer } from '../../test/cached-reads.ts';
import { HOUR, MINUTE, SECOND, TestClock } from '../../test/clock.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { fromAddress } from '../../test/client-address.ts';
import { createTestApp, createTestDatabase } from '../../test/test-app.ts';
import { STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';
import { waitUntil } from '../../test/wait-for.ts';

const clock = new TestClock();
const testApp = appPerFile({ clock });

const SIGN_IN_CODE_MAIL = /^Your Corridor sign-in code$/;
const VERIFICATION_MAIL = /^Verify your email address/;
const GUESSING_MAIL = /^Someone is entering wrong codes/;
const SIGN_UP_ATTEMPT_MAIL = /^Someone tried to sign up/;
const RESET_MAIL = /^Reset your Corridor password$/;
const BAD_CREDENTIALS = 'These credentials do not match our records.';

let addresses = 0;
function nextIp(): string {
  addresses += 1;
  return `10.11.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A browser at one client address (a new one unless given). */
function browser(ip = nextIp(), on: () => FastifyInstance = () => testApp.app): TestBrowser {
  return new TestBrowser(fromAddress(on(), ip));
}

const run = crypto.randomBytes(3).toString('hex');
let emails = 0;
function newEmail(label: string): string {
  emails += 1;
  return `${label}-${run}-${emails}@hardening.test`;
}

async function mailsTo(to: string, subject: RegExp, on = testApp.app): Promise<OutboxMessage[]> {
  const response = await on.inject({ method: 'GET', url: apiPaths.devMailbox });
  return response.json<OutboxMessage[]>().filter((m) => m.to === to && subject.test(m.subject));
}

/** The code in the newest mail of this kind to `to`. */
async function codeIn(to: string, subject: RegExp, on = testApp.app): Promise<string> {
  const [newest] = await mailsTo(to, subject, on);
  const code = /\b(\d{6})\b/.exec(newest?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function signUp(email: string, password = STRONG_PASSWORD, b = browser()) {
  const response = await b.post(apiPaths.signup, { email, password, confirm_password: password });
  expect(response.statusCode).toBe(201);
  return { b, customer: customerSchema.parse(response.json()) };
}

async function verifiedCustomer(email: string): Promise<TestBrowser> {
  const { b } = await signUp(email);
  const verify = await b.post(apiPaths.verifyEmailAddress, {
    otp: await codeIn(email, VERIFICATION_MAIL),
  });
  expect(verify.statusCode).toBe(200);
  return b;
}

const login = (email: string, password: string, b = browser()) =>
  b.post(apiPaths.login, { email, password });

/** Password step, then the emailed code: a browser signed in all the way. */
async function signIn(email: string, b = browser(), password = STRONG_PASSWORD) {
  expect((await login(email, password, b)).statusCode).toBe(200);
  const mfa = await b.post(apiPaths.mfa, { otp: await codeIn(email, SIGN_IN_CODE_MAIL) });
  expect(mfa.statusCode).toBe(200);
  return b;
}

const db = () => testApp.database.db;

describe('issue 11: second-factor and verification codes', () => {
  it('defect 1: wrong sign-in codes are limited per account across sign-ins; then sign-ins wait and the owner is told once', async () => {
    const email = newEmail('d1');
    await verifiedCustomer(email);
    const answers: number[] = [];
    // Two sign-ins from two addresses, five wrong codes each: each code dies after five, but a
    // new sign-in no longer brings five fresh guesses.
    for (let round = 0; round < 2; round += 1) {
      const b = browser();
      expect((await login(email, STRONG_PASSWORD, b)).statusCode).toBe(200);
      const code = await codeIn(email, SIGN_IN_CODE_MAIL);
      for (let i = 0; i < 5; i += 1) {
        answers.push((await b.post(apiPaths.mfa, { otp: otherCode(code) })).statusCode);
      }
    }
    expect(answers).toEqual(Array.from({ length: 10 }, () => 422));

    // The account's hourly limit is full: the right password now waits, and so does a code.
    const third = browser();
    const waiting = await login(email, STRONG_PASSWORD, third);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(55 * 60);
    expect(waiting.json().message).toMatch(/Too many wrong codes/);
    expect((await mailsTo(email, GUESSING_MAIL)).length).toBe(1);
    // More tries are refused without being counted again, and the owner is not mailed twice.
    expect((await login(email, STRONG_PASSWORD, browser())).statusCode).toBe(429);
    expect((await mailsTo(email, GUESSING_MAIL)).length).toBe(1);
    expect((await mailsTo(email, GUESSING_MAIL))[0]?.text).toMatch(/Reset your password/);

    clock.advance(HOUR + MINUTE);
    await signIn(email);
  });

  it('defect 1: the right code is refused too while the account is locked, from any session', async () => {
    const email = newEmail('d1-right');
    await verifiedCustomer(email);
    const holder = browser();
    expect((await login(email, STRONG_PASSWORD, holder)).statusCode).toBe(200);
    const held = await codeIn(email, SIGN_IN_CODE_MAIL);
    // Ten wrong codes on two other challenges fill the account's limit.
    for (let round = 0; round < 2; round += 1) {
      clock.advance(31 * SECOND);
      const b = browser();
      expect((await login(email, STRONG_PASSWORD, b)).statusCode).toBe(200);
      for (let i = 0; i < 5; i += 1) await b.post(apiPaths.mfa, { otp: '000000' });
    }
    const refused = await holder.post(apiPaths.mfa, { otp: held });
    expect(refused.statusCode).toBe(429);
  });

  it('defect 1: repeated sign-ins do not mint unlimited codes: 10 an hour, then the sign-in waits', async () => {
    const email = newEmail('d1-mint');
    await verifiedCustomer(email);
    for (let i = 0; i < 10; i += 1) {
      expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    }
    const eleventh = await login(email, STRONG_PASSWORD);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(/too many codes/);
    expect((await mailsTo(email, SIGN_IN_CODE_MAIL)).length).toBe(10);
    // The next hour brings codes again.
    clock.advance(HOUR + MINUTE);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await mailsTo(email, SIGN_IN_CODE_MAIL)).length).toBe(11);
  });

  it('defect 1: one address guessing codes across accounts is stopped after 30 wrong codes', async () => {
    const ip = nextIp();
    const victims = [newEmail('d1-ip'), newEmail('d1-ip'), newEmail('d1-ip'), newEmail('d1-ip')];
    for (const email of victims) await verifiedCustomer(email);
    let wrong = 0;
    for (const email of victims.slice(0, 3)) {
      for (let round = 0; round < 2; round += 1) {
        const b = browser(ip);
        expect((await login(email, STRONG_PASSWORD, b)).statusCode).toBe(200);
        for (let i = 0; i < 5; i += 1) {
          expect((await b.post(apiPaths.mfa, { otp: '000000' })).statusCode).toBe(422);
          wrong += 1;
        }
      }
    }
    expect(wrong).toBe(30);
    const fourth = browser(ip);
    // The fourth account's own limit is untouched, but this address has had its guesses.
    expect((await login(victims[3] ?? '', STRONG_PASSWORD, fourth)).statusCode).toBe(429);
    // The same account from another address is fine.
    await signIn(victims[3] ?? '');
  });

  it('defect 13: email-verification codes are capped across resends: after 10 wrong codes even the right one waits', async () => {
    const email = newEmail('d13');
    const { b } = await signUp(email);
    const answers: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      if (round > 0) {
        clock.advance(31 * SECOND);
        expect((await b.post(apiPaths.resendEmailVerification)).statusCode).toBe(200);
      }
      for (let i = 0; i < 5; i += 1) {
        answers.push((await b.post(apiPaths.verifyEmailAddress, { otp: '000000' })).statusCode);
      }
    }
    expect(answers).toEqual(Array.from({ length: 10 }, () => 422));
    clock.advance(31 * SECOND);
    expect((await b.post(apiPaths.resendEmailVerification)).statusCode).toBe(200);
    const right = await codeIn(email, VERIFICATION_MAIL);
    const waiting = await b.post(apiPaths.verifyEmailAddress, { otp: right });
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    // The wait is the rest of the hour; then signing in again mails a code that works.
    clock.advance(HOUR + MINUTE);
    const later = browser();
    expect((await login(email, STRONG_PASSWORD, later)).statusCode).toBe(200);
    const fresh = await codeIn(email, VERIFICATION_MAIL);
    expect((await later.post(apiPaths.verifyEmailAddress, { otp: fresh })).statusCode).toBe(200);
  });

  it('defect 13: the cap also holds per email, across the sign-ups that share it', async () => {
    const email = newEmail('d13-email');
    const first = await signUp(email);
    const second = await signUp(email);
    for (const { b } of [first, second]) {
      for (let i = 0; i < 5; i += 1) {
        expect((await b.post(apiPaths.verifyEmailAddress, { otp: '000000' })).statusCode).toBe(422);
      }
    }
    const third = await signUp(email);
    const code = await codeIn(email, VERIFICATION_MAIL);
    expect((await third.b.post(apiPaths.verifyEmailAddress, { otp: code })).statusCode).toBe(429);
  });
});

describe('issue 11: sign-in limits', () => {
  it('defect 5: 100 wrong passwords from 20 addresses neither lock the owner out nor tell a known email from an unknown one', async () => {
    const known = newEmail('d5');
    await verifiedCustomer(known);
    const unknown = newEmail('d5-nobody');

    async function attack(email: string) {
      const statuses: number[] = [];
      const bodies = new Set<string>();
      for (let ip = 0; ip < 20; ip += 1) {
        const attacker = browser();
        for (let i = 0; i < 5; i += 1) {
          const response = await login(email, `Wrong-Guess-${ip}-${i}-x`, attacker);
          statuses.push(response.statusCode);
          bodies.add(response.body);
        }
        // The sixth try from one address waits, whether or not the email exists.
        const sixth = await login(email, STRONG_PASSWORD, attacker);
        statuses.push(sixth.statusCode);
      }
      return { statuses, bodies };
    }

    const againstKnown = await attack(known);
    const againstUnknown = await attack(unknown);
    expect(againstKnown.statuses).toEqual(againstUnknown.statuses);
    expect(againstKnown.statuses.filter((s) => s === 422)).toHaveLength(100);
    expect(againstKnown.statuses.filter((s) => s === 429)).toHaveLength(20);
    expect([...againstKnown.bodies]).toEqual([...againstUnknown.bodies]);
    expect([...againstKnown.bodies]).toEqual([
      JSON.stringify({ message: BAD_CREDENTIALS, errors: { email: [BAD_CREDENTIALS] } }),
    ]);
    // The owner, from their own browser: the right password and the emailed code get through.
    await signIn(known);
    // 240 real argon2id verifications: minutes on a busy 2-core machine (over 4 with others
    // running beside it), not seconds.
  }, 600_000);

  it('defect 6: one address trying many emails is stopped after 20 failed sign-ins, for every email', async () => {
    const owner = newEmail('d6-owner');
    await verifiedCustomer(owner);
    const ip = nextIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await login(newEmail('d6-spray'), 'Wrong-Guess-6-x', browser(ip))).statusCode).toBe(
        422,
      );
    }
    const refused = await login(newEmail('d6-spray'), 'Wrong-Guess-6-x', browser(ip));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(owner, STRONG_PASSWORD, browser(ip))).statusCode).toBe(429);
    // Another address is not affected, and the window passes.
    expect((await login(owner, STRONG_PASSWORD)).statusCode).toBe(200);
    clock.advance(15 * MINUTE + SECOND);
    expect((await login(owner, STRONG_PASSWORD, browser(ip))).statusCode).toBe(200);
  });

  it('defect 15: a second sign-up with the same email does not strand the first: each password opens its own account', async () => {
    const email = newEmail('d15');
    const firstPassword = 'First-Owner-Travels-15';
    const first = await signUp(email, firstPassword);
    await db().update(customers).set({ name: 'Ada' }).where(eq(customers.id, first.customer.id));
    await forgetCachedCustomer(testApp.app, first.customer.id);
    const second = await signUp(email, 'Second-Comer-Arrives-15');
    expect(second.customer.id).not.toBe(first.customer.id);

    const back = await login(email, firstPassword);
    expect(back.statusCode).toBe(200);
    const customer = customerSchema.parse(back.json());
    expect(customer.id).toBe(first.customer.id);
    expect(customer.name).toBe('Ada');
    const other = customerSchema.parse((await login(email, 'Second-Comer-Arrives-15')).json());
    expect(other.id).toBe(second.customer.id);
    // The first owner can still verify the address and so keep it.
    const b = browser();
    expect((await login(email, firstPassword, b)).statusCode).toBe(200);
    clock.advance(31 * SECOND);
    expect((await b.post(apiPaths.resendEmailVerification)).statusCode).toBe(200);
    const code = await codeIn(email, VERIFICATION_MAIL);
    expect((await b.post(apiPaths.verifyEmailAddress, { otp: code })).statusCode).toBe(200);
  });
});

describe('issue 11: data before the second factor', () => {
  it('defect 2: before the second factor, login and profile carry nothing personal, in the contract shape', async () => {
    const email = newEmail('d2');
    await verifiedCustomer(email);
    const [account] = await db().select().from(accounts).where(eq(accounts.email, email));
    if (!account) throw new Error('no account');
    const [gb] = await db().select().from(countries).where(eq(countries.iso2_alpha, 'GB'));
    if (!gb) throw new Error('no GB');
    const id = account.customer_id;
    const now = clock.now();
    await db()
      .update(customers)
      .set({ name: 'Ada', second_name: 'Lovelace', country_id: gb.id, nationality_id: gb.id })
      .where(eq(customers.id, id));
    await db()
      .update(accounts)
      .set({ mobile_number: '+447400123456', mobile_number_country_id: gb.id })
      .where(eq(accounts.customer_id, id));
    await db().insert(customerAddresses).values({
      customer_id: id,
      address_line_1: '12 Analytical Row',
      city: 'London',
      postcode: 'SW1A 1AA',
      created_at: now,
      updated_at: now,
    });
    await db()
      .insert(customerBirthDetails)
      .values({ customer_id: id, birth_date: '1990-12-10', created_at: now, updated_at: now });
    await forgetCachedCustomer(testApp.app, id);

    const b = browser();
    const loginAnswer = await login(email, STRONG_PASSWORD, b);
    const profileAnswer = await b.get(apiPaths.profile);
    for (const response of [loginAnswer, profileAnswer]) {
      expect(response.statusCode).toBe(200);
      const customer = customerSchema.parse(response.json());
      for (const secret of [
        'Ada',
        'Lovelace',
        '12 Analytical Row',
        'London',
        'SW1A',
        '1990',
        '7400123456',
        email,
      ]) {
        expect(response.body).not.toContain(secret);
      }
      expect(customer).toMatchObject({
        name: null,
        whole_name: null,
        country: null,
        nationality: null,
        address: null,
        birth_detail: null,
        attributes: [],
        account: { mobile_number: null, mobile_number_country: null },
        session: { mfa_method: 'EMAIL-OTP', is_mfa_completed: false },
      });
      expect(customer.account.email).toMatch(/^d2\*\*\*@hardening\.test$/);
    }

    const done = await b.post(apiPaths.mfa, { otp: await codeIn(email, SIGN_IN_CODE_MAIL) });
    const full = customerSchema.parse(done.json());
    expect(full).toMatchObject({
      name: 'Ada',
      account: { email, mobile_number: '+447400123456' },
      address: { city: 'London', postcode: 'SW1A 1AA' },
      birth_detail: { birth_date: '1990-12-10' },
    });
    expect(full.country?.iso2_alpha).toBe('GB');
  });
});

describe('issue 11: verification races', () => {
  it('defect 4: verifying a second sign-up of an already-verified email is a 422 and leaves the owner untouched', async () => {
    const email = newEmail('d4');
    const owner = await signUp(email);
    const ownerCode = await codeIn(email, VERIFICATION_MAIL);
    const late = await signUp(email, 'Late-Comer-Verifies-4');
    const lateCode = await codeIn(email, VERIFICATION_MAIL);
    expect((await owner.b.post(apiPaths.verifyEmailAddress, { otp: ownerCode })).statusCode).toBe(
      200,
    );
    const refused = await late.b.post(apiPaths.verifyEmailAddress, { otp: lateCode });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/already been verified on another account/),
      errors: { otp: [expect.stringMatching(/already been verified on another account/)] },
    });
    const rows = await db().select().from(accounts).where(eq(accounts.email, email));
    const byId = new Map(rows.map((row) => [row.customer_id, row.is_email_verified]));
    expect(byId.get(owner.customer.id)).toBe(true);
    expect(byId.get(late.customer.id)).toBe(false);
  });

  it('defect 4: five concurrent verifications of one address: one wins, four get a 422, none a 500', async () => {
    const email = newEmail('d4-race');
    const passwords = [0, 1, 2, 3, 4].map((i) => `Racer-Number-${i}-Verifies`);
    for (const [i, password] of passwords.entries()) {
      // Three sign-ups a day per email: the clock moves on between them.
      if (i === 3) clock.advance(24 * HOUR + MINUTE);
      await signUp(email, password);
    }
    // Each signs in again, which mails a fresh code, so all five are live at once.
    clock.advance(31 * SECOND);
    const signUps: { b: TestBrowser; code: string }[] = [];
    for (const password of passwords) {
      const b = browser();
      expect((await login(email, password, b)).statusCode).toBe(200);
      signUps.push({ b, code: await codeIn(email, VERIFICATION_MAIL) });
    }
    const answers = await Promise.all(
      signUps.map(({ b, code }) => b.post(apiPaths.verifyEmailAddress, { otp: code })),
    );
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422]);
    const verified = await db().select().from(accounts).where(eq(accounts.email, email));
    expect(verified.filter((row) => row.is_email_verified)).toHaveLength(1);
  });
});

describe('issue 11: password reset links', () => {
  async function resetLinkFor(email: string) {
    expect((await browser().post(apiPaths.forgotPassword, { email })).statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    for (;;) {
      const [mail] = await mailsTo(email, RESET_MAIL);
      const encoded = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
      if (encoded) return Buffer.from(encoded, 'base64url').toString('utf8');
      if (Date.now() > deadline) throw new Error('no reset mail');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const reset = (token: string, password: string) =>
    browser().post(apiPaths.resetPassword, { token, password, confirm_password: password });

  it('defect 14: a password change ends an outstanding reset link', async () => {
    const email = newEmail('d14-change');
    const b = await verifiedCustomer(email);
    const token = await resetLinkFor(email);
    const changed = await b.post(apiPaths.changePassword, {
      current_password: STRONG_PASSWORD,
      password: 'Changed-My-Mind-14',
      confirm_password: 'Changed-My-Mind-14',
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(token, 'Attacker-Takes-Over-14')).statusCode).toBe(422);
    expect((await login(email, 'Changed-My-Mind-14')).statusCode).toBe(200);
  });

  it('defect 14: a completed sign-in ends an outstanding reset link', async () => {
    const email = newEmail('d14-sign-in');
    await verifiedCustomer(email);
    const token = await resetLinkFor(email);
    await signIn(email);
    const [row] = await db()
      .select()
      .from(passwordResetTokens)
      .innerJoin(accounts, eq(accounts.customer_id, passwordResetTokens.customer_id))
      .where(eq(accounts.email, email));
    expect(row).toBeUndefined();
    expect((await reset(token, 'Attacker-Takes-Over-14')).statusCode).toBe(422);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('defect 7: forgot-password does nothing before it answers, so known and unknown emails cost the same', async () => {
    const database = await createTestDatabase();
    // This process answers but works no jobs: whatever it did, it did before answering.
    const held = await createTestApp({ clock, database, startJobs: false });
    const known = newEmail('d7');
    const unknown = newEmail('d7-nobody');
    try {
      const { b } = await signUp(
        known,
        STRONG_PASSWORD,
        browser(nextIp(), () => held.app),
      );
      const code = await codeIn(known, VERIFICATION_MAIL, held.app);
      expect((await b.post(apiPaths.verifyEmailAddress, { otp: code })).statusCode).toBe(200);

      const answers = [];
      for (const email of [known, unknown]) {
        answers.push(
          await browser(nextIp(), () => held.app).post(apiPaths.forgotPassword, { email }),
        );
      }
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers[0]?.body).toBe(answers[1]?.body);
      // Nothing was looked up for the answers: no token, no mail.
      expect(await database.db.select().from(passwordResetTokens)).toEqual([]);
      expect(await mailsTo(known, RESET_MAIL, held.app)).toEqual([]);
    } finally {
      await held.close();
    }

    // A process that works jobs, on the same database: the queued lookups run now.
    const worker = await createTestApp({ clock, database });
    try {
      await waitUntil(async () => (await mailsTo(known, RESET_MAIL, worker.app)).length === 1);
      expect(await mailsTo(unknown, RESET_MAIL, worker.app)).toEqual([]);
      await worker.app.jobs.idle(10_000);
      expect(await mailsTo(known, RESET_MAIL, worker.app)).toHaveLength(1);
    } finally {
      await worker.close();
      await database.close();
    }
  });
});

describe('issue 11: also closed', () => {
  it('a verified owner gets at most one "someone tried to sign up" mail an hour', async () => {
    const email = newEmail('attempts');
    await verifiedCustomer(email);
    // Two more sign-ups with the address (three a day is the most an email gets).
    for (let i = 0; i < 2; i += 1) {
      const response = await browser().post(apiPaths.signup, {
        email,
        password: `Burst-From-Many-${i}-Ips`,
        confirm_password: `Burst-From-Many-${i}-Ips`,
      });
      expect(response.statusCode).toBe(201);
    }
    expect(await mailsTo(email, SIGN_UP_ATTEMPT_MAIL)).toHaveLength(1);
    clock.advance(24 * HOUR + MINUTE);
    await signUp(email, 'Another-Day-Another-Try-24');
    expect(await mailsTo(email, SIGN_UP_ATTEMPT_MAIL)).toHaveLength(2);
  });

  it('a mobile number in use is worded to confirm no owner, and numbers can be tried 10 times an hour', async () => {
    const [ca] = await db().select().from(countries).where(eq(countries.iso2_alpha, 'CA'));
    if (!ca) throw new Error('no CA');
    const holder = await signUp(newEmail('mobile-holder'));
    const setNumber = (b: TestBrowser, number: string) =>
      b.post(apiPaths.updateMobileNumber, {
        mobile_number_country_id: ca.id,
        mobile_number: number,
      });
    expect((await setNumber(holder.b, '(613) 555-0142')).statusCode).toBe(200);

    const prober = await signUp(newEmail('mobile-prober'));
    const taken = await setNumber(prober.b, '+1 613 555 0142');
    const invalid = await setNumber(prober.b, '+1 613 555 01');
    expect(taken.statusCode).toBe(422);
    expect(taken.body).not.toMatch(/in use|already|another customer|registered/i);
    expect(invalid.statusCode).toBe(422);
    for (let i = 2; i < 10; i += 1) {
      expect((await setNumber(prober.b, `+1 613 555 01${10 + i}`)).statusCode).not.toBe(429);
    }
    const limited = await setNumber(prober.b, '+1 613 555 0199');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
