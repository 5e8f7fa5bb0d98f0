import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import type { Jobs } from '../../jobs/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { PasswordHasher } from '../../lib/password-hasher.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { CustomerService } from '../customers/index.ts';
import type { EventOrigin, RealtimeEvents } from '../realtime/index.ts';
import type { ClientInfo, SessionService } from '../sessions/index.ts';
import type { AccountNotifier } from './account-notifier.ts';
import type { AccountRepository, AccountRow } from './account.repository.ts';
import type { OneTimeCodes } from './one-time-codes.ts';
import { passwordProblems, type PasswordPolicySettings } from './password-policy.ts';

/** What every accounts use case may use; each file takes only what it needs. */
export interface AccountServiceDeps {
  db: Database;
  /** Runs a use case in one transaction and delivers its outbox messages after the commit. */
  uow: UnitOfWork;
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
  jobs: Pick<Jobs, 'send'>;
  /** Where work done outside a request (jobs) logs. */
  log: FastifyBaseLogger;
  /** Realtime: profile changes and the sockets of ended sessions (docs/product/realtime.md#events). */
  events: RealtimeEvents;
  /** Told of every change to what the customer resource shows (its cache, decision 16). */
  customers: Pick<CustomerService, 'profileChanged' | 'profileUpdated'>;
}

/** What a request knows about its caller, for sessions and security events. */
export interface RequestContext extends ClientInfo {
  /** The request's logger, so every security event carries the request id (C47). */
  log: FastifyBaseLogger;
  /** The tab that asked: realtime events it causes skip it. */
  origin?: EventOrigin;
}

/** The original product's code for an emailed second factor (docs/product/accounts-and-sessions.md#the-second-factor). */
export const EMAIL_OTP = 'EMAIL-OTP';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

const CODE_REJECTED = apiText('accounts.codeRejected');
const CODE_EXHAUSTED = apiText('accounts.codeExhausted');

/** A 422 on `otp` for a code that did not work. */
export function rejectCode(result: 'rejected' | 'exhausted'): never {
  const message = result === 'exhausted' ? CODE_EXHAUSTED : CODE_REJECTED;
  throw new AppError('validation_failed', { message, fieldErrors: { otp: [message] } });
}

/** The policy's problems with a new password and its confirmation, by field (empty when fine). */
export function passwordErrors(
  password: string,
  confirmation: string,
  policy: PasswordPolicySettings,
  email: string | undefined,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const problems = passwordProblems(password, policy, email ? { email } : {});
  if (problems.length > 0) errors.password = problems;
  if (password !== confirmation) {
    errors.confirm_password = [apiText('accounts.passwordMismatch')];
  }
  return errors;
}

/** The account of a signed-in customer; a session whose account is gone is signed out. */
export async function requireAccount(
  accounts: AccountRepository,
  ex: Executor,
  customerId: string,
): Promise<AccountRow> {
  const account = await accounts.findByCustomer(ex, customerId);
  if (!account) throw new AppError('unauthenticated');
  return account;
}
