import type { LoginRequest } from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import { createFailureLimits, waitPhrase, type FailureLimit } from '../../lib/failure-limits.ts';
import { tooManyAttempts } from '../../lib/rate-limiter.ts';
import type { Actor, StartedSession } from '../sessions/index.ts';
import {
  EMAIL_OTP,
  MINUTE_MS,
  type AccountServiceDeps,
  type RequestContext,
} from './account-deps.ts';
import { normaliseEmail, type AccountRow } from './account.repository.ts';
import type { EmailVerification } from './email-verification.ts';
import type { CodeTarget } from './one-time-codes.ts';

export const BAD_CREDENTIALS = apiText('accounts.badCredentials');

// Brute-force limits (docs/product/accounts-and-sessions.md#brute-force, checklist B3.1, C11; docs/security.md, decision 10). Each is
// keyed by what the client typed, never by whether an account exists, so known and unknown
// emails are limited identically, and none can lock the owner out: a right password from
// elsewhere, then the emailed code, always get through (issue 11, defect 5).
const SIGN_IN_PER_EMAIL_IP = { limit: 5, windowMs: MINUTE_MS };
/** Failed sign-ins from one address, whatever the emails (defect 6). */
export const SIGN_IN_FAILURES_PER_IP = { limit: 20, windowMs: 15 * MINUTE_MS };
/** The unverified sign-ups of one email that a password is tried against (defect 15). */
const UNVERIFIED_SIGN_IN_CANDIDATES = 5;

type Deps = Pick<
  AccountServiceDeps,
  | 'db'
  | 'uow'
  | 'accounts'
  | 'sessions'
  | 'codes'
  | 'hasher'
  | 'notifier'
  | 'limiter'
  | 'random'
  | 'events'
>;

export function createSignIn(deps: Deps, verification: EmailVerification) {
  const { db, uow, accounts, sessions, codes, hasher, notifier, limiter, random, events } = deps;
  const failures = createFailureLimits(limiter);
  const failuresFrom = (ip: string | undefined): FailureLimit[] => [
    { key: `sign-in-failures:${ip ?? ''}`, ...SIGN_IN_FAILURES_PER_IP },
  ];
  // Unknown emails are checked against this, so they cost what a wrong password costs (C12).
  const decoyHash = hasher.hash(random.bytes(32).toString('base64url'));

  /**
   * The account this password opens (if any) among the email's candidates. Unknown emails cost
   * one hash like a known one (C12); unverified sign-ups are tried newest first (defect 15).
   */
  async function passwordOwner(email: string, password: string) {
    const candidates = await accounts.findSignInCandidates(
      db,
      email,
      UNVERIFIED_SIGN_IN_CANDIDATES,
    );
    if (candidates.length === 0) await hasher.verify(await decoyHash, password);
    for (const candidate of candidates) {
      if (await hasher.verify(candidate.password_hash, password)) {
        return { candidates, owner: candidate };
      }
    }
    return { candidates, owner: undefined };
  }

  /** The limits every attempt passes first; 429 with the time to wait. */
  async function throttle(context: RequestContext, email: string): Promise<string> {
    await failures.assertOpen(failuresFrom(context.ip), (seconds) =>
      apiText('accounts.tooManyFailedSignIns', { wait: waitPhrase(seconds) }),
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
        apiText('accounts.tooManySignInAttempts', { seconds: attempt.retryAfterSeconds }),
      );
    }
    return throttleKey;
  }

  async function refuse(context: RequestContext, candidates: AccountRow[]): Promise<never> {
    await failures.recordFailure(failuresFrom(context.ip));
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

  /** A session for the account, and its code: the second factor, or the email to verify. */
  async function startSession(
    context: RequestContext,
    account: AccountRow,
    passwordHash: string | null,
  ): Promise<StartedSession> {
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
    return uow.run(async (tx) => {
      if (passwordHash) await accounts.setPasswordHash(tx, account.customer_id, passwordHash, null);
      const started = await sessions.start(tx, account.customer_id, mfaMethod, context);
      if (mfaMethod) {
        const code = await codes.issue(tx, { ...secondFactor, sessionId: started.session.id });
        await notifier.signInCode(tx, account, code);
      } else {
        // Onboarding starts by asking for the emailed code (a recent one still works).
        await verification.sendUnlessRecent(tx, account);
        await accounts.deleteResetTokens(tx, account.customer_id);
      }
      return started;
    });
  }

  return {
    async logIn(context: RequestContext, input: LoginRequest): Promise<StartedSession> {
      const email = normaliseEmail(input.email);
      const throttleKey = await throttle(context, email);
      const { owner: account, candidates } = await passwordOwner(email, input.password);
      if (!account) return refuse(context, candidates);
      await limiter.reset(throttleKey);
      const rehashed = hasher.needsRehash(account.password_hash)
        ? await hasher.hash(input.password)
        : null;
      const started = await startSession(context, account, rehashed);
      context.log.info(
        {
          event: 'auth.sign_in.succeeded',
          customer_id: account.customer_id,
          session_id: started.session.id,
          ip: context.ip,
          mfa_required: started.session.mfa_method !== null,
        },
        'signed in',
      );
      return started;
    },

    async logOut({ log, origin }: RequestContext, actor: Actor): Promise<void> {
      await uow.run(async (tx) => {
        await sessions.end(tx, actor.sessionId);
        await events.sessionsEnded(tx, actor.customerId, [actor.sessionId], origin);
      });
      log.info(
        { event: 'auth.logged_out', customer_id: actor.customerId, session_id: actor.sessionId },
        'logged out',
      );
    },
  };
}
