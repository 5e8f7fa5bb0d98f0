import { describeDevice } from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import { tooManyAttempts } from '../../lib/rate-limiter.ts';
import type { SignedInSession, StartedSession } from '../sessions/index.ts';
import {
  MINUTE_MS,
  rejectCode,
  requireAccount,
  type AccountServiceDeps,
  type RequestContext,
} from './account-deps.ts';

const SECOND_FACTOR_PER_SESSION = { limit: 5, windowMs: MINUTE_MS };

type Deps = Pick<
  AccountServiceDeps,
  'db' | 'uow' | 'accounts' | 'sessions' | 'codes' | 'notifier' | 'limiter' | 'clock'
>;

/** The emailed code that finishes a sign-in (docs/product/accounts-and-sessions.md#the-second-factor). */
export function createSecondFactor(deps: Deps) {
  const { db, uow, accounts, sessions, codes, notifier, limiter, clock } = deps;

  return {
    /** Completes the session and gives it a new secret (C24); undefined when nothing is owed. */
    async completeSecondFactor(
      { log, ip }: RequestContext,
      session: SignedInSession,
      otp: string,
    ): Promise<StartedSession | undefined> {
      if (session.mfa_method === null || session.is_mfa_completed) return undefined;
      const attempt = await limiter.hit(
        `mfa:${session.id}`,
        SECOND_FACTOR_PER_SESSION.limit,
        SECOND_FACTOR_PER_SESSION.windowMs,
      );
      if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds);
      const account = await requireAccount(accounts, db, session.customer_id);
      // Checked on its own: a wrong code is counted even though this request then fails.
      const result = await codes.check(
        db,
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
      const completed = await uow.run(async (tx) => {
        const done = await sessions.completeMfa(tx, session);
        // Signing in proves the password is known: an earlier reset link is moot (defect 14).
        await accounts.deleteResetTokens(tx, session.customer_id);
        if (await sessions.isNewDevice(tx, done.session)) {
          await notifier.newSignIn(tx, account, {
            device: describeDevice(done.session.user_agent, account.locale).name,
            ip: done.session.ip_address,
            at: clock.now(),
          });
        }
        return done;
      });
      log.info(
        { event: 'auth.mfa.succeeded', customer_id: session.customer_id, session_id: session.id },
        'second factor completed',
      );
      return completed;
    },

    async resendSecondFactor(_context: RequestContext, session: SignedInSession): Promise<void> {
      if (session.mfa_method === null || session.is_mfa_completed) {
        throw new AppError('conflict', {
          type: 'mfa_not_required',
          message: apiText('accounts.noCodeNeeded'),
        });
      }
      await uow.run(async (tx) => {
        const account = await requireAccount(accounts, tx, session.customer_id);
        const code = await codes.issue(tx, {
          customerId: session.customer_id,
          purpose: 'mfa',
          sentTo: account.email_normalized,
          sessionId: session.id,
        });
        await notifier.signInCode(tx, account, code);
      });
    },
  };
}
