import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../../jobs/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { createPasswordHasher, type PasswordHasher } from '../../lib/password-hasher.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Outbox } from '../../outbox/index.ts';
import type { CustomerService } from '../customers/index.ts';
import { mailMessage } from '../mail/index.ts';
import type { RealtimeEvents } from '../realtime/index.ts';
import type { SessionService } from '../sessions/index.ts';
import { createAccountNotifier } from './account-notifier.ts';
import { createAccountRepository } from './account.repository.ts';
import { accountRoutes } from './account.routes.ts';
import { passwordRoutes } from './password.routes.ts';
import { createAccountService, type AccountService } from './account.service.ts';
import { createOneTimeCodes } from './one-time-codes.ts';
import { defaultPasswordPolicy } from './password-policy.ts';
import { passwordResetLinkJob } from './passwords.ts';

export interface AccountsModuleDeps {
  db: Database;
  uow: UnitOfWork;
  outbox: Pick<Outbox, 'add'>;
  jobs: Pick<Jobs, 'send'>;
  clock: Clock;
  random: RandomSource;
  limiter: RateLimiter;
  /** Binds one-time codes to this installation (lib/app-key.ts). */
  appKey: Buffer;
  /** Argon2id by default; tests pass a cheaper one. */
  hasher?: PasswordHasher;
  appUrl: string;
  /** Emails say "Sandbox: no real money moves" (docs/decisions/0034). */
  sandboxNotice: boolean;
  log: FastifyBaseLogger;
  events: RealtimeEvents;
  sessions: SessionService;
  /** Sign-up, sign-in and the second factor answer the customer resource. */
  customers: CustomerService;
}

export interface AccountsModule {
  service: AccountService;
  /** Sign-up, sign-in, the second factor, email verification and passwords (docs/product/api-conventions.md#endpoints). */
  routes: FastifyPluginAsync;
  /** The forgot-password job. */
  jobs(jobs: Pick<Jobs, 'register'>): void;
}

/** Accounts (docs/product/accounts-and-sessions.md): who a customer is and how they prove it. */
export function createAccountsModule(deps: AccountsModuleDeps): AccountsModule {
  const { uow, outbox, limiter } = deps;
  const notifier = createAccountNotifier(
    async (tx, message) => {
      // Mail to one address goes out in the order it was written.
      await outbox.add(tx, mailMessage({ type: 'mailbox', id: message.to }, message));
    },
    deps.appUrl,
    deps.sandboxNotice,
  );
  const repository = createAccountRepository(deps.customers);
  const codes = createOneTimeCodes({
    ...deps,
    onGuessing: (target) =>
      uow.run(async (tx) => {
        const locale = await repository.localeOf(tx, target.customerId);
        await notifier.codeGuessing(tx, { email: target.sentTo, locale });
      }),
  });
  const service = createAccountService({
    ...deps,
    accounts: repository,
    codes,
    hasher: deps.hasher ?? createPasswordHasher(),
    notifier,
    policy: defaultPasswordPolicy,
  });
  return {
    service,
    routes: async (app) => {
      const options = {
        accounts: service,
        customers: deps.customers,
        limiter,
        policy: defaultPasswordPolicy,
      };
      await app.register(accountRoutes, options);
      await app.register(passwordRoutes, options);
    },
    jobs(jobs) {
      jobs.register(passwordResetLinkJob, ({ email }) => service.sendResetLink(email));
    },
  };
}

export type { AccountService } from './account.service.ts';
export { createCustomerAccountsPort } from './customer-accounts-port.ts';
export type { MobileNumbers } from './mobile-numbers.ts';
