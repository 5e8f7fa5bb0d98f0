import type { Locale, SignupRequest } from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import { waitPhrase } from '../../lib/failure-limits.ts';
import { tooManyAttempts } from '../../lib/rate-limiter.ts';
import type { StartedSession } from '../sessions/index.ts';
import {
  HOUR_MS,
  passwordErrors,
  type AccountServiceDeps,
  type RequestContext,
} from './account-deps.ts';
import { normaliseEmail } from './account.repository.ts';
import type { EmailVerification } from './email-verification.ts';
import { randomDigits } from './one-time-codes.ts';

/**
 * Sign-ups per email from one client address, known or not: bounds the unverified accounts a
 * sign-in must try. It counts only the caller's own sign-ups, never the owner's, so its 429 comes
 * at the same attempt for a registered email as for a new one (decision 0005, issue 28).
 */
const SIGN_UPS_PER_EMAIL_AND_ADDRESS = { limit: 3, windowMs: 24 * HOUR_MS };

type Deps = Pick<
  AccountServiceDeps,
  'uow' | 'accounts' | 'sessions' | 'hasher' | 'limiter' | 'policy' | 'clock' | 'random'
>;

export function createSignUp(deps: Deps, verification: EmailVerification) {
  const { uow, accounts, sessions, hasher, limiter, policy, clock, random } = deps;

  async function newCrn(tx: Executor): Promise<string> {
    for (;;) {
      const crn = `C${randomDigits(random, 9)}`;
      if (!(await accounts.crnExists(tx, crn))) return crn;
    }
  }

  return {
    /**
     * Creates the customer (in the sign-up's language) and its account, emails a code and signs
     * the customer in, in one transaction (docs/product/accounts-and-sessions.md#sign-up): all of it, or none.
     */
    async signUp(
      context: RequestContext,
      input: SignupRequest & { locale: Locale },
    ): Promise<StartedSession> {
      const errors = passwordErrors(input.password, input.confirm_password, policy, input.email);
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);
      const perEmail = await limiter.hit(
        `sign-up:${context.ip ?? ''}:${normaliseEmail(input.email)}`,
        SIGN_UPS_PER_EMAIL_AND_ADDRESS.limit,
        SIGN_UPS_PER_EMAIL_AND_ADDRESS.windowMs,
      );
      if (!perEmail.allowed) {
        throw tooManyAttempts(
          perEmail.retryAfterSeconds,
          apiText('accounts.tooManySignUps', { wait: waitPhrase(perEmail.retryAfterSeconds) }),
        );
      }
      const passwordHash = await hasher.hash(input.password);
      const { account, started } = await uow.run(async (tx) => {
        const account = await accounts.create(tx, {
          crn: await newCrn(tx),
          email: input.email,
          passwordHash,
          locale: input.locale,
          now: clock.now(),
        });
        await verification.send(tx, account);
        return { account, started: await sessions.start(tx, account.customer_id, null, context) };
      });
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
  };
}
