import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { oneTimeCodes } from './accounts.schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { createFailureLimits, waitPhrase, type FailureLimit } from '../../lib/failure-limits.ts';
import { constantTimeEqual, hmacSha256 } from '../../lib/hashing.ts';
import { apiText } from '../../i18n/index.ts';
import type { RandomSource } from '../../lib/random.ts';
import { tooManyAttempts, type RateLimiter } from '../../lib/rate-limiter.ts';

/** docs/product/accounts-and-sessions.md#one-time-codes: 6 digits, 10 minutes, single use, 5 wrong tries void it, resend after 30 s. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_FAILURES = 5;
export const CODE_RESEND_AFTER_MS = 30 * 1000;

const HOUR_MS = 60 * 60 * 1000;
/**
 * Wrong codes across every code and session (issue 11, defects 1 and 13): a new sign-in or a
 * resend brings a new code, never new guesses. Per account, 10 an hour and then 30 a day (the
 * wait grows from the rest of the hour to the rest of the day); per address the codes go to, 10
 * an hour whichever account asked; per client address, 30 an hour across accounts.
 */
export const WRONG_CODES_PER_ACCOUNT_HOUR = 10;
export const WRONG_CODES_PER_ACCOUNT_DAY = 30;
export const WRONG_CODES_PER_ADDRESS_HOUR = 10;
export const WRONG_CODES_PER_IP_HOUR = 30;
/** New codes per account and purpose in an hour, however many sign-ins or resends ask. */
export const CODES_ISSUED_PER_HOUR = 10;

export type CodePurpose = 'email_verification' | 'mfa';

export interface CodeTarget {
  customerId: string;
  purpose: CodePurpose;
  /** The address the code goes to; it only ever verifies that address. */
  sentTo: string;
  /** For second-factor codes: the sign-in challenge (session) the code belongs to. */
  sessionId?: string;
}

export type CodeCheck = 'accepted' | 'rejected' | 'exhausted';

/** Who is typing the code, for the per-address limit. */
export interface CodeAttempt {
  ip: string | undefined;
}

function wrongCodeLimits(target: CodeTarget, attempt: CodeAttempt): FailureLimit[] {
  const purpose = target.purpose;
  const limits: FailureLimit[] = [
    {
      key: `wrong-code:${purpose}:account:${target.customerId}`,
      limit: WRONG_CODES_PER_ACCOUNT_HOUR,
      windowMs: HOUR_MS,
    },
    {
      key: `wrong-code:${purpose}:account-day:${target.customerId}`,
      limit: WRONG_CODES_PER_ACCOUNT_DAY,
      windowMs: 24 * HOUR_MS,
    },
    {
      key: `wrong-code:${purpose}:sent-to:${target.sentTo}`,
      limit: WRONG_CODES_PER_ADDRESS_HOUR,
      windowMs: HOUR_MS,
    },
  ];
  if (attempt.ip) {
    limits.push({
      key: `wrong-code:ip:${attempt.ip}`,
      limit: WRONG_CODES_PER_IP_HOUR,
      windowMs: HOUR_MS,
    });
  }
  return limits;
}

const lockedMessage = (seconds: number) =>
  apiText('accounts.codesLocked', { wait: waitPhrase(seconds) });
const issuedKey = (target: CodeTarget) => `codes-issued:${target.purpose}:${target.customerId}`;

/** Six uniformly random digits from the CSPRNG (checklist C18). */
export function randomDigits(random: RandomSource, length = 6): string {
  const limit = 10 ** length;
  // Rejection sampling: 2^32 is not a multiple of 10^6, so the top values would be biased.
  const ceiling = Math.floor(0x1_0000_0000 / limit) * limit;
  for (;;) {
    const value = random.bytes(4).readUInt32BE(0);
    if (value < ceiling) return String(value % limit).padStart(length, '0');
  }
}

export function createOneTimeCodes(deps: {
  clock: Clock;
  random: RandomSource;
  appKey: Buffer;
  limiter: RateLimiter;
  /**
   * Called once when wrong codes fill an account's hourly limit, so the owner can be told
   * (someone who knows the password is guessing the code).
   */
  onGuessing?: (target: CodeTarget) => Promise<void>;
}) {
  const { clock, random, appKey, limiter } = deps;
  const failures = createFailureLimits(limiter);
  const digest = (id: string, code: string) => hmacSha256(appKey, `otp:${id}:${code}`);
  const belongsTo = (target: CodeTarget) =>
    and(
      eq(oneTimeCodes.customer_id, target.customerId),
      eq(oneTimeCodes.purpose, target.purpose),
      target.sessionId
        ? eq(oneTimeCodes.session_id, target.sessionId)
        : isNull(oneTimeCodes.session_id),
    );

  async function recordWrongCode(target: CodeTarget, attempt: CodeAttempt): Promise<void> {
    const limits = wrongCodeLimits(target, attempt);
    const filled = await failures.recordFailure(limits);
    // The first limit is the account's hourly one: filling it means someone is guessing.
    if (limits[0] && filled.includes(limits[0])) await deps.onGuessing?.(target);
  }

  return {
    /**
     * Refuses with 429 while wrong codes have filled a limit of this target, so a sign-in can
     * wait before it starts a session and mints a code that could not be used anyway.
     */
    assertUsable: (target: CodeTarget, attempt: CodeAttempt) =>
      failures.assertOpen(wrongCodeLimits(target, attempt), lockedMessage),

    /** Refuses with 429 once this account has had its codes for the hour. */
    async assertIssuable(target: CodeTarget): Promise<void> {
      const { count, retryAfterSeconds } = await limiter.peek(issuedKey(target));
      if (count >= CODES_ISSUED_PER_HOUR) {
        throw tooManyAttempts(
          retryAfterSeconds,
          apiText('accounts.tooManyCodes', { wait: waitPhrase(retryAfterSeconds) }),
        );
      }
    },

    /**
     * A new code for `target`, voiding any earlier one. Refused with 429 within 30 s of the
     * previous code, so the mailbox cannot be flooded, and past the hourly number of codes.
     */
    async issue(tx: Executor, target: CodeTarget): Promise<string> {
      const now = clock.now();
      const [latest] = await tx
        .select({ created_at: oneTimeCodes.created_at })
        .from(oneTimeCodes)
        .where(belongsTo(target))
        .orderBy(desc(oneTimeCodes.created_at))
        .limit(1);
      const waited = latest ? now.getTime() - latest.created_at.getTime() : Infinity;
      if (waited < CODE_RESEND_AFTER_MS) {
        const seconds = Math.ceil((CODE_RESEND_AFTER_MS - waited) / 1000);
        throw tooManyAttempts(seconds, apiText('accounts.codeResendWait', { seconds }));
      }
      const issued = await limiter.hit(issuedKey(target), CODES_ISSUED_PER_HOUR, HOUR_MS);
      if (!issued.allowed) {
        throw tooManyAttempts(
          issued.retryAfterSeconds,
          apiText('accounts.tooManyCodes', { wait: waitPhrase(issued.retryAfterSeconds) }),
        );
      }
      const code = randomDigits(random);
      const id = random.uuid();
      await tx
        .update(oneTimeCodes)
        .set({ consumed_at: now })
        .where(and(belongsTo(target), isNull(oneTimeCodes.consumed_at)));
      await tx.insert(oneTimeCodes).values({
        id,
        customer_id: target.customerId,
        purpose: target.purpose,
        session_id: target.sessionId ?? null,
        sent_to: target.sentTo,
        code_hash: digest(id, code),
        expires_at: new Date(now.getTime() + CODE_TTL_MS),
        created_at: now,
      });
      return code;
    },

    /**
     * Checks `code` against the live code for `target`, using it up when it matches. Every miss
     * counts against the account, the address and the client (429 once one is full).
     */
    async check(
      ex: Executor,
      target: CodeTarget,
      code: string,
      attempt: CodeAttempt,
    ): Promise<CodeCheck> {
      await failures.assertOpen(wrongCodeLimits(target, attempt), lockedMessage);
      const result = await checkLiveCode(ex, target, code);
      if (result !== 'accepted') await recordWrongCode(target, attempt);
      return result;
    },
  };

  async function checkLiveCode(ex: Executor, target: CodeTarget, code: string): Promise<CodeCheck> {
    const now = clock.now();
    const [live] = await ex
      .select()
      .from(oneTimeCodes)
      .where(
        and(
          belongsTo(target),
          eq(oneTimeCodes.sent_to, target.sentTo),
          isNull(oneTimeCodes.consumed_at),
          gt(oneTimeCodes.expires_at, now),
        ),
      )
      .orderBy(desc(oneTimeCodes.created_at))
      .limit(1);
    if (!live) return 'rejected';
    if (live.failed_attempts >= CODE_MAX_FAILURES) return 'exhausted';
    if (!constantTimeEqual(live.code_hash, digest(live.id, code))) {
      const [updated] = await ex
        .update(oneTimeCodes)
        .set({ failed_attempts: sql`${oneTimeCodes.failed_attempts} + 1` })
        .where(eq(oneTimeCodes.id, live.id))
        .returning({ failed_attempts: oneTimeCodes.failed_attempts });
      return (updated?.failed_attempts ?? 0) >= CODE_MAX_FAILURES ? 'exhausted' : 'rejected';
    }
    // Single use even under concurrency: only one request can flip consumed_at.
    const [consumed] = await ex
      .update(oneTimeCodes)
      .set({ consumed_at: now })
      .where(and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.consumed_at)))
      .returning({ id: oneTimeCodes.id });
    return consumed ? 'accepted' : 'rejected';
  }
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
