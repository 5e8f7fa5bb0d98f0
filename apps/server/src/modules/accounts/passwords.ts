import {
  maskEmail,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
} from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import { defineJob } from '../../jobs/index.ts';
import { sha256 } from '../../lib/hashing.ts';
import { tooManyAttempts } from '../../lib/rate-limiter.ts';
import type { Actor } from '../sessions/index.ts';
import {
  MINUTE_MS,
  passwordErrors,
  requireAccount,
  type AccountServiceDeps,
  type RequestContext,
} from './account-deps.ts';

export const FORGOT_PASSWORD_ANSWER = apiText('accounts.forgotPasswordAnswer');
const CHANGE_PASSWORD_PER_CUSTOMER = { limit: 5, windowMs: 15 * MINUTE_MS };
const RESET_LINK_EVERY_MS = MINUTE_MS;
const RESET_TOKEN_TTL_MS = 60 * MINUTE_MS;
const INVALID_LINK = apiText('accounts.resetLinkInvalid');
const invalidLink = () => AppError.validation({ token: [INVALID_LINK] });

type Deps = Omit<AccountServiceDeps, 'codes'>;

/** The lookup, token and mail of a forgot-password request, done after its answer. */
export const passwordResetLinkJob = defineJob<{ email: string }>('accounts.password-reset-link');

/** Forgot, reset and change password: every new password ends every session (C15, C32). */
export function createPasswords(deps: Deps) {
  const { db, uow, accounts, sessions, hasher, notifier, limiter, policy, clock, random } = deps;
  const { events, customers } = deps;

  /** The reset link for a verified owner of `email`, at most one a minute (a repeat sends none). */
  async function sendResetLink(email: string): Promise<void> {
    await uow.run(async (tx) => {
      const account = await accounts.findVerifiedOwner(tx, email);
      if (!account) return;
      const now = clock.now();
      const existing = await accounts.findResetToken(tx, account.customer_id);
      if (existing && now.getTime() - existing.created_at.getTime() < RESET_LINK_EVERY_MS) return;
      const token = random.bytes(16).toString('hex');
      const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
      await accounts.putResetToken(tx, account.customer_id, sha256(token), expiresAt, now);
      const link = `${deps.appUrl}/reset-password/${Buffer.from(token).toString('base64url')}`;
      await notifier.passwordResetLink(tx, account, link);
      deps.log.info(
        { event: 'auth.password_reset.requested', customer_id: account.customer_id },
        'password reset requested',
      );
    });
  }

  return {
    /**
     * Same answer in the same time for every email (C13, defect 7): nothing is looked up before
     * the answer; the lookup, the token and the mail are a job, done after it.
     */
    async forgotPassword(_context: RequestContext, email: string): Promise<void> {
      await deps.jobs.send(passwordResetLinkJob, { email });
    },

    /** The job's work (registered by the module, run by whichever process works jobs). */
    sendResetLink,

    /**
     * Whether a reset link still works, before its form is shown (defect 22): the account's
     * email, masked, or the 422 resetting would give. Nothing is used up.
     */
    async checkResetLink(token: string): Promise<{ email: string }> {
      const customerId = await accounts.peekResetToken(db, sha256(token), clock.now());
      const account = customerId && (await accounts.findByCustomer(db, customerId));
      if (!account) throw invalidLink();
      return { email: maskEmail(account.email) };
    },

    /** A new password from a reset link: every session ends, nobody is signed in (C15). */
    async resetPassword({ log }: RequestContext, input: ResetPasswordRequest): Promise<void> {
      const tokenHash = sha256(input.token);
      const customerId = await accounts.peekResetToken(db, tokenHash, clock.now());
      if (!customerId) throw invalidLink();
      const account = await requireAccount(accounts, db, customerId);
      const errors = passwordErrors(input.password, input.confirm_password, policy, account.email);
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);
      const passwordHash = await hasher.hash(input.password);
      await uow.run(async (tx) => {
        const now = clock.now();
        if ((await accounts.consumeResetToken(tx, tokenHash, now)) !== customerId) {
          throw invalidLink();
        }
        await accounts.setPasswordHash(tx, customerId, passwordHash, now);
        customers.profileChanged(tx, customerId);
        await notifier.passwordChanged(tx, account, now);
        await events.sessionsEnded(
          tx,
          customerId,
          await sessions.endAllForCustomer(tx, customerId),
        );
      });
      log.info(
        { event: 'auth.password_reset.completed', customer_id: customerId },
        'password reset',
      );
    },

    /** Needs the current password (C7); ends every session, this one included. */
    async changePassword(
      { log, origin }: RequestContext,
      actor: Actor,
      input: ChangePasswordRequest,
    ): Promise<void> {
      const account = await requireAccount(accounts, db, actor.customerId);
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
        throw AppError.validation({ current_password: [apiText('accounts.currentPasswordWrong')] });
      }
      const errors = passwordErrors(input.password, input.confirm_password, policy, account.email);
      // The same password again is no change, and must not be mailed as one (defect 13).
      if (input.password === input.current_password) {
        errors.password = [apiText('accounts.passwordUnchanged'), ...(errors.password ?? [])];
      }
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);
      const passwordHash = await hasher.hash(input.password);
      await uow.run(async (tx) => {
        const now = clock.now();
        await accounts.setPasswordHash(tx, account.customer_id, passwordHash, now);
        customers.profileChanged(tx, account.customer_id);
        // A link asked for before the change must not undo it (defect 14).
        await accounts.deleteResetTokens(tx, account.customer_id);
        await notifier.passwordChanged(tx, account, now);
        const ended = await sessions.endAllForCustomer(tx, account.customer_id);
        await events.sessionsEnded(tx, account.customer_id, ended, origin);
      });
      log.info(
        { event: 'auth.password_changed', customer_id: account.customer_id },
        'password changed',
      );
    },
  };
}
