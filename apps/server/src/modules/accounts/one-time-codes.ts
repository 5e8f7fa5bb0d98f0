import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { oneTimeCodes } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { constantTimeEqual, hmacSha256 } from '../../lib/hashing.ts';
import type { RandomSource } from '../../lib/random.ts';
import { tooManyAttempts } from '../../lib/rate-limiter.ts';

/** DESIGN §4: 6 digits, 10 minutes, single use, 5 wrong tries void it, resend after 30 s. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_FAILURES = 5;
export const CODE_RESEND_AFTER_MS = 30 * 1000;

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
  db: Database;
  clock: Clock;
  random: RandomSource;
  appKey: Buffer;
}) {
  const { db, clock, random, appKey } = deps;
  const digest = (id: string, code: string) => hmacSha256(appKey, `otp:${id}:${code}`);
  const belongsTo = (target: CodeTarget) =>
    and(
      eq(oneTimeCodes.customer_id, target.customerId),
      eq(oneTimeCodes.purpose, target.purpose),
      target.sessionId
        ? eq(oneTimeCodes.session_id, target.sessionId)
        : isNull(oneTimeCodes.session_id),
    );

  return {
    /**
     * A new code for `target`, voiding any earlier one. Refused with 429 within 30 s of the
     * previous code, so the mailbox cannot be flooded.
     */
    async issue(target: CodeTarget): Promise<string> {
      const now = clock.now();
      const [latest] = await db
        .select({ created_at: oneTimeCodes.created_at })
        .from(oneTimeCodes)
        .where(belongsTo(target))
        .orderBy(desc(oneTimeCodes.created_at))
        .limit(1);
      const waited = latest ? now.getTime() - latest.created_at.getTime() : Infinity;
      if (waited < CODE_RESEND_AFTER_MS) {
        const seconds = Math.ceil((CODE_RESEND_AFTER_MS - waited) / 1000);
        throw tooManyAttempts(
          seconds,
          `Please wait ${seconds} seconds before asking for a new code.`,
        );
      }
      const code = randomDigits(random);
      const id = random.uuid();
      await db.transaction(async (tx) => {
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
      });
      return code;
    },

    /** Checks `code` against the live code for `target`, using it up when it matches. */
    async check(target: CodeTarget, code: string): Promise<CodeCheck> {
      const now = clock.now();
      const [live] = await db
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
        const [updated] = await db
          .update(oneTimeCodes)
          .set({ failed_attempts: sql`${oneTimeCodes.failed_attempts} + 1` })
          .where(eq(oneTimeCodes.id, live.id))
          .returning({ failed_attempts: oneTimeCodes.failed_attempts });
        return (updated?.failed_attempts ?? 0) >= CODE_MAX_FAILURES ? 'exhausted' : 'rejected';
      }
      // Single use even under concurrency: only one request can flip consumed_at.
      const [consumed] = await db
        .update(oneTimeCodes)
        .set({ consumed_at: now })
        .where(and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.consumed_at)))
        .returning({ id: oneTimeCodes.id });
      return consumed ? 'accepted' : 'rejected';
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
