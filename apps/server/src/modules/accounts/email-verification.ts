import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import type { Actor } from '../sessions/index.ts';
import {
  HOUR_MS,
  rejectCode,
  requireAccount,
  type AccountServiceDeps,
  type RequestContext,
} from './account-deps.ts';
import type { AccountRow } from './account.repository.ts';

/** "Someone tried to sign up with your email" goes to an owner at most once an hour. */
const SIGN_UP_ATTEMPT_MAIL = { limit: 1, windowMs: HOUR_MS };

type Deps = Pick<
  AccountServiceDeps,
  'db' | 'uow' | 'accounts' | 'codes' | 'notifier' | 'limiter' | 'clock' | 'events' | 'customers'
>;

/** The emailed code that proves an address is the customer's (onboarding's first step). */
export function createEmailVerification(deps: Deps) {
  const { db, uow, accounts, codes, notifier, limiter, clock, events, customers } = deps;

  /**
   * A code is issued either way, so throttling and wrong-code counting behave the same; when the
   * address already belongs to a verified account, its owner is told instead and the code is
   * never sent, nor could it verify the address (C14).
   */
  async function send(tx: Executor, account: AccountRow): Promise<void> {
    const code = await codes.issue(tx, {
      customerId: account.customer_id,
      purpose: 'email_verification',
      sentTo: account.email_normalized,
    });
    const owner = await accounts.findVerifiedOwner(tx, account.email);
    if (owner && owner.customer_id !== account.customer_id) {
      const mail = await limiter.hit(
        `sign-up-attempt-mail:${owner.customer_id}`,
        SIGN_UP_ATTEMPT_MAIL.limit,
        SIGN_UP_ATTEMPT_MAIL.windowMs,
      );
      if (mail.allowed) await notifier.signUpAttempt(tx, owner);
      return;
    }
    await notifier.emailVerificationCode(tx, account, code);
  }

  return {
    send,

    /** Like `send`, but a code sent in the last 30 s (or too many this hour) stands: no error. */
    async sendUnlessRecent(tx: Executor, account: AccountRow): Promise<void> {
      await send(tx, account).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'too_many_requests')) throw error;
      });
    },

    async resendEmailVerification(_context: RequestContext, actor: Actor): Promise<void> {
      await uow.run(async (tx) => {
        const account = await requireAccount(accounts, tx, actor.customerId);
        if (account.is_email_verified) {
          throw new AppError('conflict', {
            type: 'email_already_verified',
            message: apiText('accounts.emailAlreadyVerified'),
          });
        }
        await send(tx, account);
      });
    },

    async verifyEmail(
      { log, origin, ip }: RequestContext,
      actor: Actor,
      otp: string,
    ): Promise<void> {
      const account = await requireAccount(accounts, db, actor.customerId);
      if (account.is_email_verified) return;
      // Checked on its own: a wrong code is counted even though this request then fails.
      const result = await codes.check(
        db,
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
      await uow.run(async (tx) => {
        await accounts.markEmailVerified(tx, account.customer_id, clock.now());
        await events.customerProfileUpdated(tx, account.customer_id, origin);
        customers.profileChanged(tx, account.customer_id);
      });
      log.info(
        { event: 'auth.email_verified', customer_id: account.customer_id },
        'email verified',
      );
    },
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;
