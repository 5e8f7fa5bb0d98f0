import type { EventOrigin } from '../realtime/event-origin.ts';
import { noRealtimeEvents, type RealtimeEvents } from '../realtime/broadcaster.ts';
import type {
  ChangePasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
  SignupRequest,
} from '@corridor/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import type { Clock } from '../../lib/clock.ts';
import { createFailureLimits, waitPhrase, type FailureLimit } from '../../lib/failure-limits.ts';
import { sha256 } from '../../lib/hashing.ts';
import type { PasswordHasher } from '../../lib/password-hasher.ts';
import type { RandomSource } from '../../lib/random.ts';
import { tooManyAttempts, type RateLimiter } from '../../lib/rate-limiter.ts';
import type { SessionRow } from '../sessions/session.repository.ts';
import type { ClientInfo, SessionService, StartedSession } from '../sessions/session.service.ts';
import type { AccountNotifier } from './account-notifier.ts';
import { normaliseEmail, type AccountRepository, type AccountRow } from './account.repository.ts';
import type { CodeTarget, OneTimeCodes } from './one-time-codes.ts';
import { randomDigits } from './one-time-codes.ts';
import { passwordProblems, type PasswordPolicySettings } from './password-policy.ts';

/** The original product's code for an emailed second factor (DESIGN §4). */
export const EMAIL_OTP = 'EMAIL-OTP';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that email, we have sent a link to reset the password.';
const CODE_REJECTED = 'The code is not valid or has expired.';
const CODE_EXHAUSTED = 'Too many wrong codes. Ask for a new code and try again.';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
// Brute-force limits (DESIGN §4, checklist B3.1, C11; docs/security.md). Each is keyed by what
// the client typed, never by whether an account exists, so known and unknown emails are limited
// identically, and none of them can lock the owner out: a right password from elsewhere, then
// the emailed code, always get through (issue 11, defect 5).
const SIGN_IN_PER_EMAIL_IP = { limit: 5, windowMs: MINUTE_MS };
/** Failed sign-ins from one address, whatever the emails (defect 6). */
export const SIGN_IN_FAILURES_PER_IP = { limit: 20, windowMs: 15 * MINUTE_MS };
const SECOND_FACTOR_PER_SESSION = { limit: 5, windowMs: MINUTE_MS };
/** Sign-ups per email, known or not: bounds the unverified accounts a sign-in must try. */
const SIGN_UPS_PER_EMAIL = { limit: 3, windowMs: 24 * HOUR_MS };
/** The unverified sign-ups of one email that a password is tried against (defect 15). */
const UNVERIFIED_SIGN_IN_CANDIDATES = 5;
/** "Someone tried to sign up with your email" goes to an owner at most once an hour. */
const SIGN_UP_ATTEMPT_MAIL = { limit: 1, windowMs: HOUR_MS };
const CHANGE_PASSWORD_PER_CUSTOMER = { limit: 5, windowMs: 15 * 60_000 };
const RESET_LINK_EVERY_MS = 60_000;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface AccountServiceDeps {
  accounts: AccountRepository;
  sessions: SessionService;
  codes: OneTimeCodes;
  hasher: PasswordHasher;
  notifier: AccountNotifier;
  limiter: RateLimiter;
  policy: PasswordPolicySettings;
  clock: Clock;
  random: RandomSource;
  appUrl: string;
  /** Work done after the answer (forgot-password), so its time tells nothing. */
  background: BackgroundTasks;
  /** Realtime: profile changes and the sockets of ended sessions (DESIGN §8). */
  events?: RealtimeEvents;
}

/** What a request knows about its caller, for sessions and security events. */
export interface RequestContext extends ClientInfo {
  /** The request's logger, so every security event carries the request id (C47). */
  log: FastifyBaseLogger;
  /** The tab that asked: realtime events it causes skip it. */
  origin?: EventOrigin;
}

function passwordErrors(
  password: string,
  confirmation: string,
  policy: PasswordPolicySettings,
  email: string | undefined,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const problems = passwordProblems(password, policy, email ? { email } : {});
  if (problems.length > 0) errors.password = problems;
  if (password !== confirmation) {
    errors.confirm_password = ['The password confirmation does not match.'];
  }
  return errors;
}

export function createAccountService(deps: AccountServiceDeps) {
  const { accounts, sessions, codes, hasher, notifier, limiter, policy, clock, random } = deps;
  const events = deps.events ?? noRealtimeEvents;
  const failures = createFailureLimits(limiter);
  const signInFailuresFrom = (ip: string | undefined): FailureLimit[] => [
    { key: `sign-in-failures:${ip ?? ''}`, ...SIGN_IN_FAILURES_PER_IP },
  ];
  // Unknown emails are checked against this, so they cost what a wrong password costs (C12).
  const decoyHash = hasher.hash(random.bytes(32).toString('base64url'));

  async function newCrn(): Promise<string> {
    for (;;) {
      const crn = `C${randomDigits(random, 9)}`;
      if (!(await accounts.crnExists(crn))) return crn;
    }
  }

  /**
   * A code is issued either way, so throttling and wrong-code counting behave the same; when the
   * address already belongs to a verified account, its owner is told instead and the code is
   * never sent, nor could it verify the address (C14).
   */
  async function sendEmailVerification(account: AccountRow): Promise<void> {
    const code = await codes.issue({
      customerId: account.customer_id,
      purpose: 'email_verification',
      sentTo: account.email_normalized,
    });
    const owner = await accounts.findVerifiedOwner(account.email);
    if (owner && owner.customer_id !== account.customer_id) {
      const mail = await limiter.hit(
        `sign-up-attempt-mail:${owner.customer_id}`,
        SIGN_UP_ATTEMPT_MAIL.limit,
        SIGN_UP_ATTEMPT_MAIL.windowMs,
      );
      if (mail.allowed) await notifier.signUpAttempt(owner.email);
      return;
    }
    await notifier.emailVerificationCode(account.email, code);
  }

  async function requireAccount(customerId: string): Promise<AccountRow> {
    const account = await accounts.findByCustomer(customerId);
    if (!account) throw new AppError('unauthenticated');
    return account;
  }

  /**
   * The account this password opens (if any) among the email's candidates. Unknown emails cost
   * one hash like a known one (C12); the unverified sign-ups of an email are tried newest first
   * (defect 15).
   */
  async function passwordOwner(email: string, password: string) {
    const candidates = await accounts.findSignInCandidates(email, UNVERIFIED_SIGN_IN_CANDIDATES);
    if (candidates.length === 0) await hasher.verify(await decoyHash, password);
    for (const candidate of candidates) {
      if (await hasher.verify(candidate.password_hash, password))
        return { candidates, owner: candidate };
    }
    return { candidates, owner: undefined };
  }

  function rejectCode(result: 'rejected' | 'exhausted'): never {
    const message = result === 'exhausted' ? CODE_EXHAUSTED : CODE_REJECTED;
    throw new AppError('validation_failed', { message, fieldErrors: { otp: [message] } });
  }

  return {
    /** Sign-up creates the customer, emails a code and signs the customer in (DESIGN §4). */
    async signUp(context: RequestContext, input: SignupRequest): Promise<StartedSession> {
      const errors = passwordErrors(input.password, input.confirm_password, policy, input.email);
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);
      const perEmail = await limiter.hit(
        `sign-up:${normaliseEmail(input.email)}`,
        SIGN_UPS_PER_EMAIL.limit,
        SIGN_UPS_PER_EMAIL.windowMs,
      );
      if (!perEmail.allowed) {
        throw tooManyAttempts(
          perEmail.retryAfterSeconds,
          `Too many sign-ups with this email. Please try again ${waitPhrase(perEmail.retryAfterSeconds)}.`,
        );
      }
      const now = clock.now();
      const account = await accounts.create({
        crn: await newCrn(),
        email: input.email,
        passwordHash: await hasher.hash(input.password),
        now,
      });
      await sendEmailVerification(account);
      const started = await sessions.start(account.customer_id, null, context);
      context.log.info(
        {
          event: 'auth.signed_up',
          customer_id: account.customer_id,
          session_id: started.session.id,
        },
        'customer signed up',
      );
      return started;
    },

    async logIn(context: RequestContext, input: LoginRequest): Promise<StartedSession> {
      const email = normaliseEmail(input.email);
      await failures.assertOpen(
        signInFailuresFrom(context.ip),
        (seconds) => `Too many failed sign-ins. Please try again ${waitPhrase(seconds)}.`,
      );
      const throttleKey = `sign-in:${email}|${context.ip ?? ''}`;
      const attempt = await limiter.hit(
        throttleKey,
        SIGN_IN_PER_EMAIL_IP.limit,
        SIGN_IN_PER_EMAIL_IP.windowMs,
      );
      if (!attempt.allowed) {
        context.log.warn({ event: 'auth.sign_in.throttled', ip: context.ip }, 'sign-in throttled');
        throw tooManyAttempts(
          attempt.retryAfterSeconds,
          `Too many sign-in attempts. Please try again in ${attempt.retryAfterSeconds} seconds.`,
        );
      }

      const { owner: account, candidates } = await passwordOwner(email, input.password);
      if (!account) {
        await failures.recordFailure(signInFailuresFrom(context.ip));
        context.log.info(
          {
            event: 'auth.sign_in.failed',
            customer_id: candidates[0]?.customer_id ?? null,
            ip: context.ip,
          },
          'sign-in failed',
        );
        throw new AppError('validation_failed', {
          message: BAD_CREDENTIALS,
          fieldErrors: { email: [BAD_CREDENTIALS] },
        });
      }

      await limiter.reset(throttleKey);
      if (hasher.needsRehash(account.password_hash)) {
        await accounts.setPasswordHash(
          account.customer_id,
          await hasher.hash(input.password),
          null,
        );
      }
      // A verified email is a second factor we can use; before that, onboarding starts with it.
      const mfaMethod = account.is_email_verified ? EMAIL_OTP : null;
      const secondFactor: CodeTarget = {
        customerId: account.customer_id,
        purpose: 'mfa',
        sentTo: account.email_normalized,
      };
      if (mfaMethod) {
        // While the code is being guessed, or codes were asked for too often, the sign-in waits:
        // a new session would only mint a new code (defect 1).
        await codes.assertUsable(secondFactor, { ip: context.ip });
        await codes.assertIssuable(secondFactor);
      }
      const started = await sessions.start(account.customer_id, mfaMethod, context);
      if (!mfaMethod) {
        // Onboarding starts by asking for the emailed code: send a fresh one, unless one was
        // sent within the last 30 seconds or too many were this hour (that one still works).
        await sendEmailVerification(account).catch((error: unknown) => {
          if (!(error instanceof AppError && error.code === 'too_many_requests')) throw error;
        });
        await accounts.deleteResetTokens(account.customer_id);
      } else {
        const code = await codes.issue({ ...secondFactor, sessionId: started.session.id });
        await notifier.signInCode(account.email, code);
      }
      context.log.info(
        {
          event: 'auth.sign_in.succeeded',
          customer_id: account.customer_id,
          session_id: started.session.id,
          ip: context.ip,
          mfa_required: mfaMethod !== null,
        },
        'signed in',
      );
      return started;
    },

    /** The emailed second factor; completes the session and gives it a new id (C24). */
    async completeSecondFactor(
      { log, ip }: RequestContext,
      session: SessionRow,
      otp: string,
    ): Promise<StartedSession | undefined> {
      if (session.mfa_method === null || session.is_mfa_completed) return undefined;
      const attempt = await limiter.hit(
        `mfa:${session.id}`,
        SECOND_FACTOR_PER_SESSION.limit,
        SECOND_FACTOR_PER_SESSION.windowMs,
      );
      if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds);
      const account = await requireAccount(session.customer_id);
      const result = await codes.check(
        {
          customerId: session.customer_id,
          purpose: 'mfa',
          sentTo: account.email_normalized,
          sessionId: session.id,
        },
        otp,
        { ip },
      );
      if (result !== 'accepted') {
        log.info(
          {
            event: 'auth.mfa.failed',
            customer_id: session.customer_id,
            session_id: session.id,
            result,
          },
          'second factor failed',
        );
        rejectCode(result);
      }
      const completed = await sessions.completeMfa(session);
      // Signing in proves the password is known: a reset link asked for earlier is moot (defect 14).
      await accounts.deleteResetTokens(session.customer_id);
      log.info(
        { event: 'auth.mfa.succeeded', customer_id: session.customer_id, session_id: session.id },
        'second factor completed',
      );
      if (await sessions.isNewDevice(completed.session)) {
        await notifier.newSignIn(account.email, {
          client:
            [completed.session.client_name, completed.session.client_version]
              .filter(Boolean)
              .join(' ') || 'An unknown browser',
          system:
            [completed.session.os_name, completed.session.os_version].filter(Boolean).join(' ') ||
            'an unknown system',
          ip: completed.session.ip_address,
          at: clock.now(),
        });
      }
      return completed;
    },

    async resendSecondFactor(_context: RequestContext, session: SessionRow): Promise<void> {
      if (session.mfa_method === null || session.is_mfa_completed) {
        throw new AppError('conflict', {
          type: 'mfa_not_required',
          message: 'This session does not need a code.',
        });
      }
      const account = await requireAccount(session.customer_id);
      const code = await codes.issue({
        customerId: session.customer_id,
        purpose: 'mfa',
        sentTo: account.email_normalized,
        sessionId: session.id,
      });
      await notifier.signInCode(account.email, code);
    },

    async resendEmailVerification(_context: RequestContext, session: SessionRow): Promise<void> {
      const account = await requireAccount(session.customer_id);
      if (account.is_email_verified) {
        throw new AppError('conflict', {
          type: 'email_already_verified',
          message: 'Your email address is already verified.',
        });
      }
      await sendEmailVerification(account);
    },

    async verifyEmail(
      { log, origin, ip }: RequestContext,
      session: SessionRow,
      otp: string,
    ): Promise<void> {
      const account = await requireAccount(session.customer_id);
      if (account.is_email_verified) return;
      const result = await codes.check(
        {
          customerId: account.customer_id,
          purpose: 'email_verification',
          sentTo: account.email_normalized,
        },
        otp,
        { ip },
      );
      if (result !== 'accepted') {
        log.info(
          { event: 'auth.email_verification.failed', customer_id: account.customer_id },
          'email verification failed',
        );
        rejectCode(result);
      }
      // Another account that verified this address first wins: the unique index refuses this
      // one, and that becomes a 422 (errors/constraint-violations.ts), leaving the owner as is.
      await accounts.markEmailVerified(account.customer_id, clock.now());
      await events.customerProfileUpdated(account.customer_id, origin);
      log.info(
        { event: 'auth.email_verified', customer_id: account.customer_id },
        'email verified',
      );
    },

    async logOut({ log, origin }: RequestContext, session: SessionRow): Promise<void> {
      await sessions.end(session.id);
      await events.sessionsEnded(session.customer_id, [session.id], origin);
      log.info(
        { event: 'auth.logged_out', customer_id: session.customer_id, session_id: session.id },
        'logged out',
      );
    },

    /**
     * Same answer in the same time for every email (C13, defect 7): nothing is looked up before
     * the answer; the lookup, the token and the mail happen after it, in the background.
     */
    forgotPassword({ log }: RequestContext, email: string): void {
      deps.background.run('password-reset-link', async () => {
        const account = await accounts.findVerifiedOwner(email);
        if (!account) return;
        const now = clock.now();
        const existing = await accounts.findResetToken(account.customer_id);
        if (existing && now.getTime() - existing.created_at.getTime() < RESET_LINK_EVERY_MS) {
          return;
        }
        const token = random.bytes(16).toString('hex');
        await accounts.putResetToken(
          account.customer_id,
          sha256(token),
          new Date(now.getTime() + RESET_TOKEN_TTL_MS),
          now,
        );
        const link = `${deps.appUrl}/reset-password/${Buffer.from(token).toString('base64url')}`;
        await notifier.passwordResetLink(account.email, link);
        log.info(
          { event: 'auth.password_reset.requested', customer_id: account.customer_id },
          'password reset requested',
        );
      });
    },

    /** A new password from a reset link: every session ends, nobody is signed in (C15). */
    async resetPassword({ log }: RequestContext, input: ResetPasswordRequest): Promise<void> {
      const now = clock.now();
      const tokenHash = sha256(input.token);
      const invalidLink = () =>
        AppError.validation({
          token: ['This password reset link is invalid or has expired. Ask for a new one.'],
        });
      const customerId = await accounts.peekResetToken(tokenHash, now);
      if (!customerId) throw invalidLink();
      const account = await requireAccount(customerId);
      const errors = passwordErrors(input.password, input.confirm_password, policy, account.email);
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);
      const passwordHash = await hasher.hash(input.password);
      if ((await accounts.consumeResetToken(tokenHash, clock.now())) !== customerId)
        throw invalidLink();
      await accounts.setPasswordHash(customerId, passwordHash, now);
      await events.sessionsEnded(customerId, await sessions.endAllForCustomer(customerId));
      await notifier.passwordChanged(account.email, now);
      log.info(
        { event: 'auth.password_reset.completed', customer_id: customerId },
        'password reset',
      );
    },

    /** Needs the current password (C7); ends every session, this one included. */
    async changePassword(
      { log, origin }: RequestContext,
      session: SessionRow,
      input: ChangePasswordRequest,
    ): Promise<void> {
      const account = await requireAccount(session.customer_id);
      // A stolen session must not be a way to guess the current password.
      const attempt = await limiter.hit(
        `change-password:${account.customer_id}`,
        CHANGE_PASSWORD_PER_CUSTOMER.limit,
        CHANGE_PASSWORD_PER_CUSTOMER.windowMs,
      );
      if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds);
      if (!(await hasher.verify(account.password_hash, input.current_password))) {
        log.info(
          { event: 'auth.password_change.failed', customer_id: account.customer_id },
          'wrong current password',
        );
        throw AppError.validation({ current_password: ['The current password is not correct.'] });
      }
      const errors = passwordErrors(input.password, input.confirm_password, policy, account.email);
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);
      const now = clock.now();
      await accounts.setPasswordHash(account.customer_id, await hasher.hash(input.password), now);
      // A link asked for before the change must not undo it (defect 14).
      await accounts.deleteResetTokens(account.customer_id);
      await events.sessionsEnded(
        account.customer_id,
        await sessions.endAllForCustomer(account.customer_id),
        origin,
      );
      await notifier.passwordChanged(account.email, now);
      log.info(
        { event: 'auth.password_changed', customer_id: account.customer_id },
        'password changed',
      );
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
