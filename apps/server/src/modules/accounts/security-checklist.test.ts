/**
 * The accounts feature against docs/security.md (C-A … C-G, with the Laravel
 * behaviours of B1–B4 where they meet), one test per item, through the HTTP API as the SPA uses it.
 * Time is a test clock, so expiry rules are crossed without waiting.
 */
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import {
  apiPaths,
  customerSchema,
  deviceListSchema,
  passwordPolicySchema,
  type OutboxMessage,
} from '@corridor/contracts';
import { hash as argon2Hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { accounts, passwordResetTokens } from './accounts.schema.ts';
import { ARGON2ID_PARAMS, createPasswordHasher } from '../../lib/password-hasher.ts';
import { HOUR, MINUTE, SECOND, TestClock } from '../../test/clock.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { fromAddress } from '../../test/client-address.ts';
import { testConfig } from '../../test/test-app.ts';
import { latestCode, latestMail, STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';

const clock = new TestClock();
// The product's own argon2id cost, not the test apps' cheaper one (test/test-hasher.ts): C10
// reads the stored parameters and C12 times the decoy hash against a real verification.
const testApp = appPerFile({ clock, hasher: createPasswordHasher() });

type Reply = Awaited<ReturnType<TestBrowser['request']>>;

const SESSION_COOKIE = 'corridor_session';
const XSRF_COOKIE = 'XSRF-TOKEN';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15';

const RESET_MAIL = /^Reset your Corridor password$/;
const PASSWORD_CHANGED_MAIL = /^Your Corridor password was changed$/;
const NEW_SIGN_IN_MAIL = /^New sign-in to your Corridor account$/;
const SIGN_UP_ATTEMPT_MAIL = /^Someone tried to sign up/;
const BAD_CREDENTIALS = 'These credentials do not match our records.';

// Every browser gets its own address, so per-IP limits only bite where a test means them to.
let addresses = 0;
function nextIp(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** The app as one client address sees it. */
const from = (ip: string) => fromAddress(testApp.app, ip);

function browser(userAgent = CHROME_LINUX, ip = nextIp()): TestBrowser {
  return new TestBrowser(from(ip), userAgent);
}

const run = crypto.randomBytes(3).toString('hex');
let emails = 0;
function newEmail(label: string): string {
  emails += 1;
  return `${label}-${run}-${emails}@checklist.test`;
}

const db = () => testApp.database.db;

async function accountOf(email: string) {
  const rows = await db().select().from(accounts).where(eq(accounts.email_normalized, email));
  const [row] = rows;
  if (rows.length !== 1 || !row) throw new Error(`expected one account for ${email}`);
  return row;
}

async function signUp(email: string, password = STRONG_PASSWORD, b = browser()) {
  const response = await b.post(apiPaths.signup, { email, password, confirm_password: password });
  return { b, response };
}

/** A customer whose email is verified, still signed in (from sign-up) in the returned browser. */
async function verifiedCustomer(email: string, password = STRONG_PASSWORD): Promise<TestBrowser> {
  const { b, response } = await signUp(email, password);
  expect(response.statusCode).toBe(201);
  const verify = await b.post(apiPaths.verifyEmailAddress, {
    otp: await latestCode(testApp.app, email),
  });
  expect(verify.statusCode).toBe(200);
  return b;
}

/** The password step only: the browser then owes its second factor. Returns the emailed code. */
async function startSignIn(b: TestBrowser, email: string, password = STRONG_PASSWORD) {
  const login = await b.post(apiPaths.login, { email, password });
  expect(login.statusCode).toBe(200);
  expect(customerSchema.parse(login.json()).session).toMatchObject({
    mfa_method: 'EMAIL-OTP',
    is_mfa_completed: false,
  });
  return latestCode(testApp.app, email);
}

/** A browser signed in all the way (password and emailed code). */
async function signIn(email: string, password = STRONG_PASSWORD, userAgent = CHROME_LINUX) {
  const b = browser(userAgent);
  const code = await startSignIn(b, email, password);
  const mfa = await b.post(apiPaths.mfa, { otp: code });
  expect(mfa.statusCode).toBe(200);
  return b;
}

const login = (email: string, password: string, b = browser()) =>
  b.post(apiPaths.login, { email, password });

async function sessionIdOf(b: TestBrowser): Promise<string> {
  const profile = await b.get(apiPaths.profile);
  expect(profile.statusCode).toBe(200);
  return customerSchema.parse(profile.json()).session.id;
}

/** A request carrying only the given session cookie, as a replay of a stolen or stale one. */
const withCookie = (secret: string, url: string = apiPaths.profile) =>
  testApp.app.inject({ method: 'GET', url, headers: { cookie: `${SESSION_COOKIE}=${secret}` } });

const cookieOf = (b: TestBrowser, name: string): string => {
  const value = b.cookies.get(name);
  if (value === undefined) throw new Error(`the browser holds no ${name} cookie`);
  return value;
};

async function mailbox(): Promise<OutboxMessage[]> {
  const response = await testApp.app.inject({ method: 'GET', url: apiPaths.devMailbox });
  return response.json<OutboxMessage[]>();
}

async function mailsTo(to: string, subject: RegExp): Promise<OutboxMessage[]> {
  return (await mailbox()).filter((m) => m.to === to && subject.test(m.subject));
}

/** Some mail goes out in the background: poll the mailbox briefly for one not seen before. */
async function waitForMail(
  to: string,
  subject: RegExp,
  seen: Set<string> = new Set(),
): Promise<OutboxMessage> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = (await mailsTo(to, subject)).find((m) => !seen.has(m.id));
    if (found) {
      seen.add(found.id);
      return found;
    }
    if (Date.now() > deadline) throw new Error(`no mail ${String(subject)} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asks for a reset link and returns the token the SPA would post (base64url-decoded). */
async function requestResetToken(email: string, seen: Set<string>) {
  const response = await browser().post(apiPaths.forgotPassword, { email });
  expect(response.statusCode).toBe(200);
  const mail = await waitForMail(email, RESET_MAIL, seen);
  const encoded = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!encoded) throw new Error('no reset link in the mail');
  return { token: Buffer.from(encoded, 'base64url').toString('utf8'), encoded, mail };
}

const resetPassword = (token: string, password: string) =>
  browser().post(apiPaths.resetPassword, { token, password, confirm_password: password });

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The JSON structure with every leaf replaced by its type: what a client could tell apart. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shape(inner)]),
    );
  }
  return value === null ? null : typeof value;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function eventsOf(customerId: string): Record<string, unknown>[] {
  return testApp.logs().filter((line) => line.customer_id === customerId);
}

describe('C-A passwords', () => {
  it('C16: no default or shared accounts exist', async () => {
    const rows = await db().select({ email: accounts.email }).from(accounts);
    expect(rows.filter((row) => !row.email.endsWith('@checklist.test'))).toEqual([]);
  });

  it('C1: a password of 11 characters is refused, 12 accepted (counted in code points)', async () => {
    const short = await signUp(newEmail('c1'), 'Qz7wLm4Rt9x');
    expect(short.response.statusCode).toBe(422);
    expect(short.response.json().errors.password).toEqual([
      expect.stringMatching(/at least 12 characters/),
    ]);
    // 11 code points but 12 UTF-16 units: still too short.
    const astral = await signUp(newEmail('c1'), 'Qz7wLm4Rt9😀');
    expect(astral.response.statusCode).toBe(422);
    expect((await signUp(newEmail('c1'), 'Qz7wLm4Rt9xP')).response.statusCode).toBe(201);
  });

  it('C2: passwords of 64 and 128 characters are accepted, 129 refused', async () => {
    const ofLength = (length: number) =>
      `Aa1${'-correct-horse-battery-staple'.repeat(5)}`.slice(0, length);
    expect((await signUp(newEmail('c2'), ofLength(64))).response.statusCode).toBe(201);
    expect((await signUp(newEmail('c2'), ofLength(128))).response.statusCode).toBe(201);
    const tooLong = await signUp(newEmail('c2'), ofLength(129));
    expect(tooLong.response.statusCode).toBe(422);
    expect(tooLong.response.json().errors.password).toEqual([expect.stringMatching(/128/)]);
  });

  it('C3: the served policy is enforced exactly and nothing more: no symbol is needed', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: apiPaths.passwordPolicy });
    expect(response.statusCode).toBe(200);
    const policy = passwordPolicySchema.parse(response.json());
    // docs/product/accounts-and-sessions.md#password-policy: length 12; upper, lower and digits on; symbols off.
    expect(policy.length.value).toBe(12);
    const rules = ['uppercase', 'lowercase', 'digits', 'wildcard'] as const;
    expect(Object.fromEntries(rules.map((name) => [name, policy[name].value]))).toEqual({
      uppercase: true,
      lowercase: true,
      digits: true,
      wildcard: false,
    });
    const served = (name: (typeof rules)[number]) =>
      new RegExp((policy[name].regex ?? '').replace(/^\/|\/$/g, ''));
    const enabled = rules.filter((name) => policy[name].value);
    const meetsServedRules = (password: string) =>
      [...password].length >= policy.length.value && enabled.every((n) => served(n).test(password));

    const noSymbol = 'Quietharbor7Lantern';
    expect(meetsServedRules(noSymbol)).toBe(true);
    expect(served('wildcard').test(noSymbol)).toBe(false);
    expect((await signUp(newEmail('c3'), noSymbol)).response.statusCode).toBe(201);

    const missing: Record<(typeof rules)[number], string> = {
      uppercase: 'quietharbor7lantern',
      lowercase: 'QUIETHARBOR7LANTERN',
      digits: 'QuietharborXLantern',
      wildcard: noSymbol,
    };
    for (const name of enabled) {
      expect(served(name).test(missing[name])).toBe(false);
      const refused = await signUp(newEmail('c3'), missing[name]);
      expect(refused.response.statusCode).toBe(422);
      // Exactly the one served rule it breaks, in the served words.
      expect(refused.response.json().errors.password).toEqual([
        expect.stringContaining(policy[name].message.toLowerCase()),
      ]);
    }
  });

  it('C4: an emoji and Unicode password round-trips through sign-in (NFKC-normalised)', async () => {
    const email = newEmail('c4');
    const password = 'Grüße aus Köln 🚀 Ünïcødé 42 ✓';
    const { b, response } = await signUp(email, password);
    expect(response.statusCode).toBe(201);
    expect((await b.post(apiPaths.logout)).statusCode).toBe(204);
    expect((await login(email, password)).statusCode).toBe(200);
    // The same text typed in decomposed form is the same password.
    expect(password.normalize('NFD')).not.toBe(password);
    expect((await login(email, password.normalize('NFD'))).statusCode).toBe(200);
    // Another emoji is another password.
    expect((await login(email, password.replace('🚀', '🛸'))).statusCode).toBe(422);
  });

  it('C5: a 100-character password is verified exactly: without its last character it fails', async () => {
    const email = newEmail('c5');
    const password = 'Lantern-7-'.repeat(10);
    expect(password).toHaveLength(100);
    expect((await signUp(email, password)).response.statusCode).toBe(201);
    expect((await login(email, password.slice(0, -1))).statusCode).toBe(422);
    expect((await login(email, `${password} `)).statusCode).toBe(422);
    expect((await login(email, password.toUpperCase())).statusCode).toBe(422);
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('C6: common and product-name passwords are refused at sign-up and at password change', async () => {
    for (const password of ['Password1234', 'MyCorridorTrip2025', 'CORRIDORsend42x']) {
      const { response } = await signUp(newEmail('c6'), password);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.password).toContainEqual(
        expect.stringMatching(/too common|easy to guess/),
      );
    }
    const { b, response } = await signUp(newEmail('c6'));
    expect(response.statusCode).toBe(201);
    for (const password of ['Password1234', 'Corridor-Is-Great-1']) {
      const change = await b.post(apiPaths.changePassword, {
        current_password: STRONG_PASSWORD,
        password,
        confirm_password: password,
      });
      expect(change.statusCode).toBe(422);
      expect(change.json()).toHaveProperty('errors.password');
    }
  });

  it('C7: a wrong current password is a 422 on current_password; nothing changes, no session ends', async () => {
    const email = newEmail('c7');
    const b = await verifiedCustomer(email);
    const other = await signIn(email, STRONG_PASSWORD, FIREFOX_WINDOWS);
    const hashBefore = (await accountOf(email)).password_hash;
    const cookiesBefore = new Map(b.cookies);
    const proposed = 'Brand-New-Secret-77';

    const change = await b.post(apiPaths.changePassword, {
      current_password: 'Not-The-Password-9',
      password: proposed,
      confirm_password: proposed,
    });
    expect(change.statusCode).toBe(422);
    expect(change.json()).toEqual({
      message: expect.any(String),
      errors: { current_password: [expect.any(String)] },
    });
    expect((await accountOf(email)).password_hash).toBe(hashBefore);
    expect(b.cookies).toEqual(cookiesBefore);
    expect((await b.get(apiPaths.profile)).statusCode).toBe(200);
    expect((await other.get(apiPaths.devices)).statusCode).toBe(200);
    expect(await mailsTo(email, PASSWORD_CHANGED_MAIL)).toEqual([]);
    expect((await login(email, proposed)).statusCode).toBe(422);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('C7/C11: guessing the current password is limited to 5 tries in 15 minutes', async () => {
    const email = newEmail('c7limit');
    const b = await verifiedCustomer(email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const change = await b.post(apiPaths.changePassword, {
        current_password: `Wrong-Guess-${i}-Password`,
        password: 'Brand-New-Secret-77',
        confirm_password: 'Brand-New-Secret-77',
      });
      statuses.push(change.statusCode);
      if (change.statusCode === 429)
        expect(Number(change.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('C10: passwords are stored as argon2id m=64 MiB, t=3, p=1 with random salts, rehashed at sign-in', async () => {
    const first = newEmail('c10');
    const second = newEmail('c10');
    expect((await signUp(first)).response.statusCode).toBe(201);
    expect((await signUp(second)).response.statusCode).toBe(201);
    const phc = /^\$argon2id\$v=19\$m=65536,t=3,p=1\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;
    const stored = [
      (await accountOf(first)).password_hash,
      (await accountOf(second)).password_hash,
    ];
    for (const hash of stored) {
      expect(hash.startsWith('$argon2id$v=19$m=65536,t=3,p=1$')).toBe(true);
      const [, salt = ''] = phc.exec(hash) ?? [];
      expect(Buffer.from(salt, 'base64').length).toBeGreaterThanOrEqual(16);
      expect(hash).not.toContain(STRONG_PASSWORD);
    }
    // The same password, two different hashes: the salt is random.
    expect(stored[0]).not.toBe(stored[1]);

    // A hash made with weaker parameters is upgraded at the next sign-in.
    const weaker = await argon2Hash(STRONG_PASSWORD, {
      ...ARGON2ID_PARAMS,
      memoryCost: 19_456,
      timeCost: 2,
    });
    await db()
      .update(accounts)
      .set({ password_hash: weaker })
      .where(eq(accounts.email_normalized, first));
    expect((await login(first, STRONG_PASSWORD)).statusCode).toBe(200);
    const upgraded = (await accountOf(first)).password_hash;
    expect(upgraded).not.toBe(weaker);
    expect(upgraded.startsWith('$argon2id$v=19$m=65536,t=3,p=1$')).toBe(true);
  });

  it('C11: the 6th sign-in attempt within a minute for one email and IP is a 429 with Retry-After', async () => {
    const email = newEmail('c11');
    await verifiedCustomer(email);
    const attacker = browser();
    for (let i = 1; i <= 5; i += 1) {
      expect((await login(email, `Wrong-Guess-${i}-x`, attacker)).statusCode).toBe(422);
    }
    const sixth = await login(email, STRONG_PASSWORD, attacker);
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(sixth.json()).toEqual({ message: expect.any(String) });
    // The same address in capitals is the same key.
    expect((await login(email.toUpperCase(), STRONG_PASSWORD, attacker)).statusCode).toBe(429);
    expect(testApp.logs().some((line) => line.event === 'auth.sign_in.throttled')).toBe(true);
    // The key is email + IP: the owner elsewhere is not locked out, and the window passes.
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    clock.advance(61 * SECOND);
    expect((await login(email, STRONG_PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('C12: unknown email, wrong password and unverified account get identical answers in near-identical time', async () => {
    const known = newEmail('c12');
    await verifiedCustomer(known);
    const unverified = newEmail('c12');
    expect((await signUp(unverified)).response.statusCode).toBe(201);
    const unknown = newEmail('c12-nobody');

    /** A sign-in with a wrong password from a fresh browser; only the POST itself is timed. */
    async function prepare(email: string) {
      const b = browser();
      await b.get(apiPaths.csrfCookie);
      return async (): Promise<{ reply: Reply; ms: number }> => {
        const started = performance.now();
        const reply = await login(email, 'Wrong-Guess-12-x', b);
        return { reply, ms: performance.now() - started };
      };
    }

    const wrong = await (await prepare(known))();
    expect(wrong.reply.statusCode).toBe(422);
    // B3.2: Laravel's shape and words.
    expect(wrong.reply.json()).toEqual({
      message: BAD_CREDENTIALS,
      errors: { email: [BAD_CREDENTIALS] },
    });
    for (const email of [unknown, unverified]) {
      const other = await (await prepare(email))();
      expect(other.reply.statusCode).toBe(wrong.reply.statusCode);
      expect(other.reply.headers['content-type']).toBe(wrong.reply.headers['content-type']);
      expect(other.reply.body).toBe(wrong.reply.body);
    }

    // Timing: 15 tries each, alternating which goes first. A skipped decoy hash would make the
    // unknown email faster by one argon2id verification, the bulk of a sign-in's time, on every
    // try. The medians must differ by less than half a known email's median (and less than 25 ms
    // when that is smaller): on a quiet machine a sign-in takes ~100 ms, on a busy 2-core one
    // seconds, and a fixed bound measured the machine's load, not the product (it failed a CI run
    // at a load of 20). A noisy round may be measured again, up to three rounds.
    async function timings(tries: number): Promise<{ difference: number; bound: number }> {
      const knownTimes: number[] = [];
      const unknownTimes: number[] = [];
      for (let i = 0; i < tries; i += 1) {
        const [knownTry, unknownTry] = [await prepare(known), await prepare(unknown)];
        if (i % 2 === 0) {
          knownTimes.push((await knownTry()).ms);
          unknownTimes.push((await unknownTry()).ms);
        } else {
          unknownTimes.push((await unknownTry()).ms);
          knownTimes.push((await knownTry()).ms);
        }
      }
      const knownMedian = median(knownTimes);
      return {
        difference: Math.abs(knownMedian - median(unknownTimes)),
        bound: Math.max(25, knownMedian / 2),
      };
    }
    let measured = { difference: Number.POSITIVE_INFINITY, bound: 0 };
    for (let round = 0; round < 3 && measured.difference >= measured.bound; round += 1) {
      measured = await timings(15);
    }
    expect(measured.difference).toBeLessThan(measured.bound);
    // Up to 90 real argon2id verifications: over a minute on a busy 2-core machine.
  }, 180_000);

  it('C13: forgot-password answers known, unknown, unverified and throttled emails identically', async () => {
    const known = newEmail('c13');
    await verifiedCustomer(known);
    const unverified = newEmail('c13');
    expect((await signUp(unverified)).response.statusCode).toBe(201);
    const ask = (email: string) => browser().post(apiPaths.forgotPassword, { email });

    const first = await ask(known);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: expect.any(String) });
    const throttled = await ask(known);
    for (const other of [throttled, await ask(newEmail('c13-nobody')), await ask(unverified)]) {
      expect(other.statusCode).toBe(first.statusCode);
      expect(other.body).toBe(first.body);
    }

    // B4.3: one link per minute; the throttled request sent nothing.
    const seen = new Set<string>();
    await waitForMail(known, RESET_MAIL, seen);
    clock.advance(61 * SECOND);
    expect((await ask(known)).body).toBe(first.body);
    await waitForMail(known, RESET_MAIL, seen);
    expect(await mailsTo(known, RESET_MAIL)).toHaveLength(2);
    expect(await mailsTo(unverified, RESET_MAIL)).toEqual([]);
  });

  it('C14: a duplicate sign-up of a verified email answers like a fresh one; the owner gets a mail without a code', async () => {
    const owner = newEmail('c14');
    const ownerBrowser = browser();
    expect((await signUp(owner, STRONG_PASSWORD, ownerBrowser)).response.statusCode).toBe(201);
    const ownerCode = await latestCode(testApp.app, owner);
    expect(
      (await ownerBrowser.post(apiPaths.verifyEmailAddress, { otp: ownerCode })).statusCode,
    ).toBe(200);

    const otherPassword = 'Another-Strong-Pass-14';
    const freshEmail = newEmail('c14');
    const fresh = await signUp(freshEmail, otherPassword);
    const duplicate = await signUp(owner, otherPassword);
    expect(duplicate.response.statusCode).toBe(fresh.response.statusCode);
    expect(fresh.response.statusCode).toBe(201);
    const freshBody = customerSchema.parse(fresh.response.json());
    const duplicateBody = customerSchema.parse(duplicate.response.json());
    expect(shape(duplicateBody)).toEqual(shape(freshBody));
    expect(freshBody.account).toMatchObject({ email: freshEmail, is_email_verified: false });
    expect(duplicateBody.account).toMatchObject({ email: owner, is_email_verified: false });
    expect(duplicate.response.cookies.map((c) => c.name).sort()).toEqual(
      fresh.response.cookies.map((c) => c.name).sort(),
    );

    // The owner is told, with no code; the fresh address got its code.
    const notices = await mailsTo(owner, SIGN_UP_ATTEMPT_MAIL);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).not.toMatch(/\b\d{6}\b/);
    expect((await latestMail(testApp.app, owner))?.subject).toMatch(SIGN_UP_ATTEMPT_MAIL);
    expect(await latestCode(testApp.app, freshEmail)).toMatch(/^\d{6}$/);

    // The duplicate cannot verify the address with any code, not even the owner's old one.
    for (const otp of ['000000', '123456', ownerCode]) {
      expect((await duplicate.b.post(apiPaths.verifyEmailAddress, { otp })).statusCode).toBe(422);
    }
    // A follow-up call tells nothing either: the profile works like a fresh one's.
    const profile = await duplicate.b.get(apiPaths.profile);
    expect(profile.statusCode).toBe(200);
    expect(customerSchema.parse(profile.json()).account.is_email_verified).toBe(false);
    // The owner's account is untouched.
    expect((await login(owner, otherPassword)).statusCode).toBe(422);
    expect((await login(owner, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('C14: wrong email codes get the same answers for a duplicate sign-up as for a fresh one', async () => {
    const owner = newEmail('c14');
    await verifiedCustomer(owner);
    const freshEmail = newEmail('c14');
    const fresh = await signUp(freshEmail);
    const duplicate = await signUp(owner);
    expect(fresh.response.statusCode).toBe(201);
    expect(duplicate.response.statusCode).toBe(201);
    const wrong = otherCode(await latestCode(testApp.app, freshEmail));
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const freshReply = await fresh.b.post(apiPaths.verifyEmailAddress, { otp: wrong });
      const duplicateReply = await duplicate.b.post(apiPaths.verifyEmailAddress, { otp: wrong });
      expect({ attempt, status: duplicateReply.statusCode, body: duplicateReply.json() }).toEqual({
        attempt,
        status: freshReply.statusCode,
        body: freshReply.json(),
      });
    }
  });

  it('C14: resending the code from a duplicate sign-up is throttled like a fresh one and cannot flood the owner', async () => {
    const owner = newEmail('c14');
    await verifiedCustomer(owner);
    const fresh = await signUp(newEmail('c14'));
    const duplicate = await signUp(owner);
    expect(await mailsTo(owner, SIGN_UP_ATTEMPT_MAIL)).toHaveLength(1);

    // Within 30 s of the first code, a fresh sign-up is told to wait.
    const freshReply = await fresh.b.post(apiPaths.resendEmailVerification);
    expect(freshReply.statusCode).toBe(429);
    const duplicateStatuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      duplicateStatuses.push((await duplicate.b.post(apiPaths.resendEmailVerification)).statusCode);
    }
    expect({
      duplicateStatuses,
      noticesToOwner: (await mailsTo(owner, SIGN_UP_ATTEMPT_MAIL)).length,
    }).toEqual({ duplicateStatuses: [429, 429, 429], noticesToOwner: 1 });
  });

  it('C15: a reset link works once, ends every session, signs nobody in, and the owner is told', async () => {
    const email = newEmail('c15');
    const signedUp = await verifiedCustomer(email);
    const other = await signIn(email, STRONG_PASSWORD, FIREFOX_WINDOWS);
    const { token, encoded, mail } = await requestResetToken(email, new Set());
    expect(mail.text).toContain(`/reset-password/${encoded}`);
    // 128 bits or more, and only its hash is stored.
    expect(token).toMatch(/^(?:[0-9a-f]{32,}|[A-Za-z0-9_-]{22,})$/);
    const customerId = (await accountOf(email)).customer_id;
    const [stored] = await db()
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.customer_id, customerId));
    expect(stored?.token_hash).toBeDefined();
    expect(stored?.token_hash).not.toContain(token);

    // A refused password (C6) does not use the link up.
    expect((await resetPassword(token, 'Password1234')).statusCode).toBe(422);
    const newPassword = 'Reset-Worked-Fine-15';
    const reset = await resetPassword(token, newPassword);
    expect(reset.statusCode).toBe(200);
    expect(reset.cookies.map((c) => c.name)).not.toContain(SESSION_COOKIE);

    const reuse = await resetPassword(token, 'Second-Use-Refused-15');
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json()).toHaveProperty('errors.token');

    expect((await signedUp.get(apiPaths.profile)).statusCode).toBe(401);
    expect((await other.get(apiPaths.profile)).statusCode).toBe(401);
    const changed = await waitForMail(email, PASSWORD_CHANGED_MAIL);
    expect(changed.text).not.toContain(newPassword);
    expect(eventsOf(customerId).map((line) => line.event)).toContain(
      'auth.password_reset.completed',
    );

    // The new password works and still owes the second factor (no MFA bypass, 6.4.3).
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(422);
    await startSignIn(browser(), email, newPassword);
  });

  it('C15: a newer reset request voids the older link', async () => {
    const email = newEmail('c15');
    await verifiedCustomer(email);
    const seen = new Set<string>();
    const older = await requestResetToken(email, seen);
    clock.advance(61 * SECOND);
    const newer = await requestResetToken(email, seen);
    expect(newer.token).not.toBe(older.token);
    expect((await resetPassword(older.token, 'Older-Link-Refused-15')).statusCode).toBe(422);
    expect((await resetPassword(newer.token, 'Newer-Link-Accepted-15')).statusCode).toBe(200);
  });

  it('C15: a reset link expires after 60 minutes', async () => {
    const email = newEmail('c15');
    await verifiedCustomer(email);
    const seen = new Set<string>();
    const late = await requestResetToken(email, seen);
    clock.advance(HOUR + MINUTE);
    expect((await resetPassword(late.token, 'Too-Late-For-This-15')).statusCode).toBe(422);
    const inTime = await requestResetToken(email, seen);
    clock.advance(59 * MINUTE);
    expect((await resetPassword(inTime.token, 'Just-In-Time-Now-15')).statusCode).toBe(200);
  });
});

describe('C-B second factor (emailed codes)', () => {
  it('C17: a sign-in code works once: sent twice at once only one succeeds, and it opens no other challenge', async () => {
    const email = newEmail('c17');
    await verifiedCustomer(email);
    const b = browser(FIREFOX_WINDOWS);
    const code = await startSignIn(b, email);
    const replies = await Promise.all([
      b.post(apiPaths.mfa, { otp: code }),
      b.post(apiPaths.mfa, { otp: code }),
    ]);
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 422]).toContain(statuses[1]);

    const next = browser(FIREFOX_WINDOWS);
    const nextCode = await startSignIn(next, email);
    if (nextCode !== code) {
      expect((await next.post(apiPaths.mfa, { otp: code })).statusCode).toBe(422);
    }
    expect((await next.post(apiPaths.mfa, { otp: nextCode })).statusCode).toBe(200);
  });

  it('C18: codes are 6 random digits; a new code voids the previous one; resend waits 30 s', async () => {
    const email = newEmail('c18');
    await verifiedCustomer(email);
    let b = browser();
    const codes = [await startSignIn(b, email)];
    const tooSoon = await b.post(apiPaths.resendMfaOtp);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    // An account gets 10 codes an hour (issue 11, defect 1): 30 codes take three hours.
    for (let i = 1; i < 30; i += 1) {
      if (i % 10 === 0) {
        clock.advance(HOUR);
        b = browser();
        codes.push(await startSignIn(b, email));
        continue;
      }
      clock.advance(31 * SECOND);
      expect((await b.post(apiPaths.resendMfaOtp)).statusCode).toBe(200);
      codes.push(await latestCode(testApp.app, email));
    }
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThanOrEqual(28);
    expect(new Set(codes.join('')).size).toBe(10);
    for (let position = 0; position < 6; position += 1) {
      expect(new Set(codes.map((code) => code[position])).size).toBeGreaterThanOrEqual(4);
    }
    // The last challenge's first code was voided by its resends.
    const first = codes[20];
    const last = codes.at(-1) ?? '';
    if (first && first !== last) {
      expect((await b.post(apiPaths.mfa, { otp: first })).statusCode).toBe(422);
    }
    expect((await b.post(apiPaths.mfa, { otp: last })).statusCode).toBe(200);
  });

  it('C19: a code older than 10 minutes is refused; one just under 10 minutes works', async () => {
    const email = newEmail('c19');
    await verifiedCustomer(email);
    const late = browser(FIREFOX_WINDOWS);
    const lateCode = await startSignIn(late, email);
    clock.advance(10 * MINUTE + SECOND);
    expect((await late.post(apiPaths.mfa, { otp: lateCode })).statusCode).toBe(422);

    const onTime = browser(SAFARI_MAC);
    const onTimeCode = await startSignIn(onTime, email);
    clock.advance(9 * MINUTE + 50 * SECOND);
    expect((await onTime.post(apiPaths.mfa, { otp: onTimeCode })).statusCode).toBe(200);

    // The email-verification code lives as long.
    const unverified = newEmail('c19');
    const { b } = await signUp(unverified);
    const verifyCode = await latestCode(testApp.app, unverified);
    clock.advance(10 * MINUTE + SECOND);
    expect((await b.post(apiPaths.verifyEmailAddress, { otp: verifyCode })).statusCode).toBe(422);
  });

  it('C20: five wrong codes void the code (the right one is then refused); a 6th try in a minute is a 429', async () => {
    const email = newEmail('c20');
    await verifiedCustomer(email);
    const b = browser();
    const code = await startSignIn(b, email);
    for (let i = 0; i < 5; i += 1) {
      expect((await b.post(apiPaths.mfa, { otp: otherCode(code) })).statusCode).toBe(422);
    }
    const sixth = await b.post(apiPaths.mfa, { otp: code });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(61 * SECOND);
    // Past the limiter's minute, the right code is still refused: it was voided.
    expect((await b.post(apiPaths.mfa, { otp: code })).statusCode).toBe(422);
    expect((await b.get(apiPaths.devices)).statusCode).toBe(412);
    // Only a new code opens the challenge.
    expect((await b.post(apiPaths.resendMfaOtp)).statusCode).toBe(200);
    expect(
      (await b.post(apiPaths.mfa, { otp: await latestCode(testApp.app, email) })).statusCode,
    ).toBe(200);
  });

  it('C21: a session that owes its second factor is answered 412 everywhere but the allowed few', async () => {
    const email = newEmail('c21');
    await verifiedCustomer(email);
    const b = browser();
    await startSignIn(b, email);
    const owed: [string, () => Promise<Reply>][] = [
      ['GET devices', () => b.get(apiPaths.devices)],
      [
        'POST change-password',
        () =>
          b.post(apiPaths.changePassword, {
            current_password: STRONG_PASSWORD,
            password: 'Not-Allowed-Yet-21',
            confirm_password: 'Not-Allowed-Yet-21',
          }),
      ],
      ['POST verify-email-address', () => b.post(apiPaths.verifyEmailAddress, { otp: '123456' })],
      ['POST resend-email-verification', () => b.post(apiPaths.resendEmailVerification)],
      ['DELETE device', () => b.delete(apiPaths.device(crypto.randomUUID()))],
    ];
    for (const [name, call] of owed) {
      const reply = await call();
      expect({ name, status: reply.statusCode }).toEqual({ name, status: 412 });
      expect(reply.json()).toMatchObject({ type: 'more_authentication_required' });
    }
    expect((await b.get(apiPaths.profile)).statusCode).toBe(200);
    expect((await b.get(apiPaths.passwordPolicy)).statusCode).toBe(200);
    expect((await b.post(apiPaths.resendMfaOtp)).statusCode).not.toBe(412);
    expect((await b.post(apiPaths.logout)).statusCode).toBe(204);
  });

  it('C21: a code from challenge A cannot complete challenge B in another browser', async () => {
    const email = newEmail('c21');
    await verifiedCustomer(email);
    const a = browser(CHROME_LINUX);
    const codeA = await startSignIn(a, email);
    const b = browser(FIREFOX_WINDOWS);
    const codeB = await startSignIn(b, email);
    if (codeA !== codeB) {
      expect((await b.post(apiPaths.mfa, { otp: codeA })).statusCode).toBe(422);
      expect((await b.get(apiPaths.devices)).statusCode).toBe(412);
    }
    expect((await a.post(apiPaths.mfa, { otp: codeA })).statusCode).toBe(200);
    expect((await b.post(apiPaths.mfa, { otp: codeB })).statusCode).toBe(200);
  });
});

describe('C-C sessions and devices', () => {
  it('C24: the session cookie changes at sign-up, sign-in and MFA completion; earlier values then answer 401', async () => {
    const email = newEmail('c24');
    const signingUp = browser();
    await signingUp.get(apiPaths.csrfCookie);
    const anonymousAtSignUp = cookieOf(signingUp, SESSION_COOKIE);
    expect((await signUp(email, STRONG_PASSWORD, signingUp)).response.statusCode).toBe(201);
    expect(cookieOf(signingUp, SESSION_COOKIE)).not.toBe(anonymousAtSignUp);
    expect(
      (
        await signingUp.post(apiPaths.verifyEmailAddress, {
          otp: await latestCode(testApp.app, email),
        })
      ).statusCode,
    ).toBe(200);

    const b = browser();
    await b.get(apiPaths.csrfCookie);
    const anonymous = cookieOf(b, SESSION_COOKIE);
    const anonymousXsrf = cookieOf(b, XSRF_COOKIE);
    const code = await startSignIn(b, email);
    const preMfa = cookieOf(b, SESSION_COOKIE);
    const preMfaXsrf = cookieOf(b, XSRF_COOKIE);
    expect(preMfa).not.toBe(anonymous);
    expect(preMfaXsrf).not.toBe(anonymousXsrf);
    expect((await b.post(apiPaths.mfa, { otp: code })).statusCode).toBe(200);
    const signedIn = cookieOf(b, SESSION_COOKIE);
    expect(signedIn).not.toBe(preMfa);
    expect(cookieOf(b, XSRF_COOKIE)).not.toBe(preMfaXsrf);

    expect((await withCookie(preMfa)).statusCode).toBe(401);
    expect((await withCookie(anonymous)).statusCode).toBe(401);
    expect((await withCookie(signedIn)).statusCode).toBe(200);
    const replay = await testApp.app.inject({
      method: 'POST',
      url: apiPaths.mfa,
      headers: { cookie: `${SESSION_COOKIE}=${preMfa}`, 'x-xsrf-token': preMfaXsrf },
      payload: { otp: code },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('C25: session cookies hold at least 43 base64url characters and never repeat', async () => {
    const values: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await testApp.app.inject({ method: 'GET', url: apiPaths.csrfCookie });
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      values.push(cookie?.value ?? '');
    }
    const email = newEmail('c25');
    await verifiedCustomer(email);
    const b = browser();
    const code = await startSignIn(b, email);
    values.push(cookieOf(b, SESSION_COOKIE));
    await b.post(apiPaths.mfa, { otp: code });
    values.push(cookieOf(b, SESSION_COOKIE));
    for (const value of values) {
      expect(value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect(Buffer.from(value, 'base64url').length).toBeGreaterThanOrEqual(32);
    }
    expect(new Set(values).size).toBe(values.length);
  });

  it('C26: logout ends the session server-side: the old cookie is a 401, the old XSRF token a 419', async () => {
    const email = newEmail('c26');
    await verifiedCustomer(email);
    const b = await signIn(email);
    const oldCookie = cookieOf(b, SESSION_COOKIE);
    const oldXsrf = cookieOf(b, XSRF_COOKIE);
    expect((await b.post(apiPaths.logout)).statusCode).toBe(204);
    expect(cookieOf(b, SESSION_COOKIE)).not.toBe(oldCookie);
    expect(cookieOf(b, XSRF_COOKIE)).not.toBe(oldXsrf);
    expect((await b.get(apiPaths.profile)).statusCode).toBe(401);

    expect((await withCookie(oldCookie)).statusCode).toBe(401);
    const replay = await testApp.app.inject({
      method: 'POST',
      url: apiPaths.logout,
      headers: { cookie: `${SESSION_COOKIE}=${oldCookie}`, 'x-xsrf-token': oldXsrf },
    });
    expect(replay.statusCode).toBe(401);
    const staleToken = await b.request(
      'POST',
      apiPaths.forgotPassword,
      { email },
      {
        'x-xsrf-token': oldXsrf,
      },
    );
    expect(staleToken.statusCode).toBe(419);
  });

  it('C31: revoking device B from device A ends B at once; the current device is a 409; a stranger’s a 404', async () => {
    const email = newEmail('c31');
    await verifiedCustomer(email);
    const a = await signIn(email, STRONG_PASSWORD, CHROME_LINUX);
    const b = await signIn(email, STRONG_PASSWORD, SAFARI_IPHONE);
    const aId = await sessionIdOf(a);
    const bId = await sessionIdOf(b);

    const before = deviceListSchema.parse((await a.get(apiPaths.devices)).json());
    expect(before.data.find((d) => d.id === aId)?.is_current).toBe(true);
    expect(before.data.find((d) => d.id === bId)).toMatchObject({
      is_current: false,
      device_type: 'mobile',
    });

    expect((await a.delete(apiPaths.device(bId))).statusCode).toBe(204);
    expect((await b.get(apiPaths.profile)).statusCode).toBe(401);
    const after = deviceListSchema.parse((await a.get(apiPaths.devices)).json());
    expect(after.data.map((d) => d.id)).not.toContain(bId);

    const current = await a.delete(apiPaths.device(aId));
    expect(current.statusCode).toBe(409);
    expect(current.json()).toMatchObject({ type: 'current_device', message: expect.any(String) });

    const strangerEmail = newEmail('c31');
    const stranger = await verifiedCustomer(strangerEmail);
    const strangerId = await sessionIdOf(stranger);
    const foreign = await a.delete(apiPaths.device(strangerId));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Not found.' });
    expect((await stranger.get(apiPaths.profile)).statusCode).toBe(200);
    expect((await a.delete(apiPaths.device(crypto.randomUUID()))).statusCode).toBe(404);
    expect((await a.get(apiPaths.profile)).statusCode).toBe(200);
  });

  it('C28: 30 minutes idle ends a session: 29 minutes apart is fine, 31 is a 401', async () => {
    const email = newEmail('c28');
    await verifiedCustomer(email);
    const b = await signIn(email);
    clock.advance(29 * MINUTE);
    expect((await b.get(apiPaths.profile)).statusCode).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await b.get(apiPaths.devices)).statusCode).toBe(200);
    clock.advance(31 * MINUTE);
    expect((await b.get(apiPaths.profile)).statusCode).toBe(401);
  });

  it('C28: 12 hours after sign-in a session ends even when it was used all along', async () => {
    const email = newEmail('c28');
    await verifiedCustomer(email);
    const b = await signIn(email);
    for (let i = 0; i < 35; i += 1) {
      clock.advance(20 * MINUTE);
      expect((await b.get(apiPaths.profile)).statusCode).toBe(200);
    }
    clock.advance(15 * MINUTE); // 11 h 55 min
    expect((await b.get(apiPaths.devices)).statusCode).toBe(200);
    clock.advance(6 * MINUTE); // 12 h 1 min
    expect((await b.get(apiPaths.profile)).statusCode).toBe(401);
  });

  it('C29: the session cookie is HttpOnly, SameSite=Lax, Path=/, host-only; XSRF-TOKEN readable; Secure with __Host- on https', async () => {
    type Cookies = Reply['cookies'];
    function expectCookieAttributes(cookies: Cookies, sessionName: string, secure: boolean) {
      const session = cookies.find((c) => c.name === sessionName);
      const xsrf = cookies.find((c) => c.name === XSRF_COOKIE);
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session?.domain).toBeUndefined();
      expect(Boolean(session?.secure)).toBe(secure);
      expect(session?.maxAge).toBeGreaterThan(0);
      expect(session?.maxAge).toBeLessThanOrEqual(12 * 60 * 60);
      expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
      expect(xsrf?.httpOnly).toBeFalsy();
      expect(xsrf?.domain).toBeUndefined();
      expect(Boolean(xsrf?.secure)).toBe(secure);
    }

    const email = newEmail('c29');
    const plain = browser();
    const anonymous = await testApp.app.inject({ method: 'GET', url: apiPaths.csrfCookie });
    expectCookieAttributes(anonymous.cookies, SESSION_COOKIE, false);
    const signup = await signUp(email, STRONG_PASSWORD, plain);
    expectCookieAttributes(signup.response.cookies, SESSION_COOKIE, false);

    const secureApp = await buildApp({
      config: testConfig({ APP_URL: 'https://send.example.com', ALLOW_SANDBOX_PROVIDERS: 'true' }),
      database: testApp.database,
      clock,
      logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
    });
    try {
      await secureApp.ready();
      const secureBrowser = new TestBrowser(secureApp);
      const csrf = await secureBrowser.get(apiPaths.csrfCookie);
      expectCookieAttributes(csrf.cookies, '__Host-corridor_session', true);
      const secureSignup = await secureBrowser.post(apiPaths.signup, {
        email: newEmail('c29'),
        password: STRONG_PASSWORD,
        confirm_password: STRONG_PASSWORD,
      });
      expect(secureSignup.statusCode).toBe(201);
      expectCookieAttributes(secureSignup.cookies, '__Host-corridor_session', true);
      const logout = await secureBrowser.post(apiPaths.logout);
      expect(logout.statusCode).toBe(204);
      expectCookieAttributes(logout.cookies, '__Host-corridor_session', true);
    } finally {
      await secureApp.close();
    }
  });

  it('C32: a password change ends every session, this one included, and the owner is told (B2.5)', async () => {
    const email = newEmail('c32');
    const signedUp = await verifiedCustomer(email);
    const other = await signIn(email, STRONG_PASSWORD, FIREFOX_WINDOWS);
    const b = await signIn(email, STRONG_PASSWORD, SAFARI_MAC);
    const oldCookie = cookieOf(b, SESSION_COOKIE);
    const newPassword = 'Changed-On-Purpose-32';
    const change = await b.post(apiPaths.changePassword, {
      current_password: STRONG_PASSWORD,
      password: newPassword,
      confirm_password: newPassword,
    });
    expect(change.statusCode).toBe(200);
    expect(cookieOf(b, SESSION_COOKIE)).not.toBe(oldCookie);
    expect((await withCookie(oldCookie)).statusCode).toBe(401);
    expect((await b.get(apiPaths.profile)).statusCode).toBe(401);
    expect((await other.get(apiPaths.profile)).statusCode).toBe(401);
    expect((await signedUp.get(apiPaths.profile)).statusCode).toBe(401);
    await waitForMail(email, PASSWORD_CHANGED_MAIL);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(422);
    await startSignIn(browser(), email, newPassword);
  });
});

describe('C-D CSRF', () => {
  it('C34: logout is POST only (GET is a 405) and a POST without the token is a 419 that changes nothing', async () => {
    const email = newEmail('c34');
    await verifiedCustomer(email);
    const b = await signIn(email);
    const get = await b.get(apiPaths.logout);
    expect(get.statusCode).toBe(405);
    expect(String(get.headers.allow)).toContain('POST');
    expect((await b.get(apiPaths.profile)).statusCode).toBe(200);

    const noToken = await testApp.app.inject({
      method: 'POST',
      url: apiPaths.logout,
      headers: { cookie: b.cookieHeader },
    });
    expect(noToken.statusCode).toBe(419);
    expect(noToken.json()).toEqual({ message: 'CSRF token mismatch.' });

    const elsewhere = browser();
    await elsewhere.get(apiPaths.csrfCookie);
    const foreignToken = await b.request('POST', apiPaths.logout, undefined, {
      'x-xsrf-token': cookieOf(elsewhere, XSRF_COOKIE),
    });
    expect(foreignToken.statusCode).toBe(419);

    const change = await testApp.app.inject({
      method: 'POST',
      url: apiPaths.changePassword,
      headers: { cookie: b.cookieHeader },
      payload: {
        current_password: STRONG_PASSWORD,
        password: 'Forged-Change-34x',
        confirm_password: 'Forged-Change-34x',
      },
    });
    expect(change.statusCode).toBe(419);
    expect((await b.get(apiPaths.profile)).statusCode).toBe(200);
    expect((await login(email, 'Forged-Change-34x')).statusCode).toBe(422);
  });
});

describe('C-G logging and notifications', () => {
  it('C33/C48: no session secret, XSRF token, password, code or reset token reaches any log line', async () => {
    const secrets = new Set<string>();
    const codes = new Set<string>();
    class RecordingBrowser extends TestBrowser {
      override async request(...args: Parameters<TestBrowser['request']>) {
        const reply = await super.request(...args);
        for (const value of this.cookies.values()) secrets.add(value);
        return reply;
      }
    }
    const journeyBrowser = (userAgent = CHROME_LINUX) =>
      new RecordingBrowser(from(nextIp()), userAgent);
    const code = async (email: string) => {
      const value = await latestCode(testApp.app, email);
      codes.add(value);
      return value;
    };

    const email = newEmail('c33');
    const first = 'Journey-Password-One-33';
    const second = 'Journey-Password-Two-33';
    const third = 'Journey-Password-Three-33';
    const wrong = 'Journey-Wrong-Guess-33';
    for (const password of [first, second, third, wrong]) secrets.add(password);

    const b = journeyBrowser();
    expect((await signUp(email, first, b)).response.statusCode).toBe(201);
    await b.post(apiPaths.verifyEmailAddress, { otp: '000000' });
    await b.post(apiPaths.verifyEmailAddress, { otp: await code(email) });
    await b.post(apiPaths.logout);
    await b.post(apiPaths.login, { email, password: wrong });
    await b.post(apiPaths.login, { email, password: first });
    const mfaCode = await code(email);
    await b.post(apiPaths.mfa, { otp: otherCode(mfaCode) });
    expect((await b.post(apiPaths.mfa, { otp: mfaCode })).statusCode).toBe(200);
    await b.get(apiPaths.devices);
    expect(
      (
        await b.post(apiPaths.changePassword, {
          current_password: first,
          password: second,
          confirm_password: second,
        })
      ).statusCode,
    ).toBe(200);

    const phone = journeyBrowser(SAFARI_IPHONE);
    await phone.post(apiPaths.login, { email, password: second });
    await code(email);
    clock.advance(31 * SECOND);
    await phone.post(apiPaths.resendMfaOtp);
    expect((await phone.post(apiPaths.mfa, { otp: await code(email) })).statusCode).toBe(200);
    await phone.post(apiPaths.logout);

    const { token, encoded } = await requestResetToken(email, new Set());
    secrets.add(token);
    secrets.add(encoded);
    const reset = journeyBrowser();
    expect(
      (
        await reset.post(apiPaths.resetPassword, {
          token,
          password: third,
          confirm_password: third,
        })
      ).statusCode,
    ).toBe(200);
    await reset.post(apiPaths.login, { email, password: third });
    expect((await reset.post(apiPaths.mfa, { otp: await code(email) })).statusCode).toBe(200);

    const text = JSON.stringify(testApp.logs());
    const leaked = [...secrets].filter((secret) => text.includes(secret));
    expect(leaked).toEqual([]);
    // Codes are short: look for them as whole tokens, not inside timestamps or ids.
    const leakedCodes = [...codes].filter((value) =>
      new RegExp(`(?<![0-9A-Za-z.])${value}(?![0-9A-Za-z])`).test(text),
    );
    expect(leakedCodes).toEqual([]);
  });

  it('C47: sign-in success and failure, MFA success and failure, logout, reset request and password change are logged', async () => {
    const email = newEmail('c47');
    const signedUp = await verifiedCustomer(email);
    const customerId = (await accountOf(email)).customer_id;
    await signedUp.post(apiPaths.logout);

    expect((await login(email, 'Wrong-Guess-47-x')).statusCode).toBe(422);
    const b = browser();
    const code = await startSignIn(b, email);
    expect((await b.post(apiPaths.mfa, { otp: otherCode(code) })).statusCode).toBe(422);
    expect((await b.post(apiPaths.mfa, { otp: code })).statusCode).toBe(200);
    expect((await b.post(apiPaths.logout)).statusCode).toBe(204);
    const again = await signIn(email);
    const newPassword = 'Logged-Change-47-x';
    const change = await again.post(apiPaths.changePassword, {
      current_password: STRONG_PASSWORD,
      password: newPassword,
      confirm_password: newPassword,
    });
    expect(change.statusCode).toBe(200);
    await requestResetToken(email, new Set());

    const events = eventsOf(customerId).map((line) => line.event);
    for (const event of [
      'auth.sign_in.succeeded',
      'auth.sign_in.failed',
      'auth.mfa.succeeded',
      'auth.mfa.failed',
      'auth.logged_out',
      'auth.password_reset.requested',
      'auth.password_changed',
    ]) {
      expect(events).toContain(event);
    }
  });

  it('C47: each security event line carries its time and the id of the request that caused it', async () => {
    const email = newEmail('c47');
    const b = await verifiedCustomer(email);
    const customerId = (await accountOf(email)).customer_id;
    expect((await login(email, 'Wrong-Guess-47-y')).statusCode).toBe(422);
    expect((await b.post(apiPaths.logout)).statusCode).toBe(204);

    const lines = eventsOf(customerId).filter(
      (line) => typeof line.event === 'string' && line.event.startsWith('auth.'),
    );
    expect(lines.map((line) => line.event)).toEqual(
      expect.arrayContaining(['auth.signed_up', 'auth.sign_in.failed', 'auth.logged_out']),
    );
    for (const line of lines) {
      expect({ event: line.event, time: typeof line.time }).toEqual({
        event: line.event,
        time: 'number',
      });
      expect({ event: line.event, reqId: typeof line.reqId }).toEqual({
        event: line.event,
        reqId: 'string',
      });
    }
  });

  it('C49: a sign-in from a new browser or system is mailed; a second from the same browser and system is not', async () => {
    const email = newEmail('c49');
    await verifiedCustomer(email);
    await signIn(email, STRONG_PASSWORD, FIREFOX_WINDOWS);
    const [first, ...others] = await mailsTo(email, NEW_SIGN_IN_MAIL);
    expect(others).toEqual([]);
    expect(first?.text).toMatch(/Firefox/);
    expect(first?.text).toMatch(/Windows/);

    await signIn(email, STRONG_PASSWORD, FIREFOX_WINDOWS);
    expect(await mailsTo(email, NEW_SIGN_IN_MAIL)).toHaveLength(1);

    await signIn(email, STRONG_PASSWORD, SAFARI_IPHONE);
    expect(await mailsTo(email, NEW_SIGN_IN_MAIL)).toHaveLength(2);
  });
});
