import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Tx } from '../db/executor.ts';
import { groupedCalls } from '../lib/grouped-calls.ts';
import type { Clock } from '../lib/clock.ts';
import {
  answerOf,
  keyInUse,
  keyReused,
  storedAnswer,
  unwrap,
  type Answer,
  type Settled,
} from './idempotency-answers.ts';
import {
  deleteStoredMany,
  findStoredMany,
  storeAnswers,
  tryLockMany,
  type StoredAnswer,
} from './idempotency-statements.ts';
import type { AnyUseCase } from './idempotent-route.ts';

export interface Owner {
  customerId: string;
  key: string;
}

/** A keyed request of a use case with a grouped mode, waiting for its group to run. */
export interface Member {
  request: FastifyRequest;
  reply: FastifyReply;
  owner: Owner;
  hash: string;
  prepared: Settled<unknown>;
}

/**
 * What the group decided for a member: its answer (stored or new), its error, or `alone` (a
 * group of one, or a group that failed): the member runs by itself, as without a group.
 */
export type Decided =
  | { kind: 'answer'; answer: Answer; replayed: boolean }
  | { kind: 'error'; error: unknown }
  | { kind: 'alone' };

export const ALONE: Decided = { kind: 'alone' };

/**
 * The grouped mode of idempotent routes (docs/decisions/0058-grouped-requests.md): `join` puts a
 * keyed request of a use case with a `group` into the next group of that use case and answers
 * what the group decided for it.
 */
export function createGroups({
  db,
  clock,
  afterCommit,
  ttlMs,
  inFlight,
}: {
  db: Database;
  clock: Clock;
  afterCommit?: ((tx: Tx) => Promise<void> | void) | undefined;
  ttlMs: number;
  inFlight: number;
}) {
  /**
   * A group of two or more in ONE transaction (docs/decisions/0058-grouped-requests.md): the
   * keys try-locked in one statement (a key held elsewhere is that member's 409), their stored
   * answers read in one with the use case's locks taken first, in sorted order (replays and
   * reused keys decided as alone), the rest given to the use
   * case's `group`, and their answers stored in one insert. What throws fails the whole group.
   */
  async function runGroup(useCase: AnyUseCase, members: readonly Member[]): Promise<Decided[]> {
    const group = useCase.group;
    if (!group || members.length < 2) return members.map(() => ALONE);
    const decided: Decided[] = members.map(() => ALONE);
    const committed = await db.transaction(async (tx) => {
      const keys = members.map(({ owner }) => ({ customer: owner.customerId, key: owner.key }));
      const locked = await tryLockMany(tx, keys);
      const now = clock.now();
      // The use case's locks of the members whose keys are held, taken with their answers' read.
      const locks = members.flatMap((member, index) =>
        locked[index] && useCase.lock ? [useCase.lock(member.request)] : [],
      );
      const found = await findStoredMany(
        tx,
        keys.filter((_, index) => locked[index]),
        locks,
      );
      const expired: typeof keys = [];
      const fresh: number[] = [];
      members.forEach((member, index) => {
        if (!locked[index]) {
          decided[index] = { kind: 'error', error: keyInUse() };
          return;
        }
        const row = found.get(`${member.owner.customerId}:${member.owner.key}`);
        if (row && row.expires_at.getTime() > now.getTime()) {
          decided[index] =
            row.request_hash === member.hash
              ? { kind: 'answer', answer: storedAnswer(row), replayed: true }
              : { kind: 'error', error: keyReused() };
          return;
        }
        if (!member.prepared.ok) {
          decided[index] = { kind: 'error', error: member.prepared.error };
          return;
        }
        if (row) expired.push(keys[index] as (typeof keys)[number]);
        fresh.push(index);
      });
      await deleteStoredMany(tx, expired);
      const asked = fresh.map((index) => {
        const member = members[index] as Member;
        return { prepared: unwrap(member.prepared), request: member.request };
      });
      const outcomes = asked.length > 0 ? await group(asked, tx) : [];
      if (outcomes.length !== asked.length) {
        throw new Error(`a group of ${asked.length} got ${outcomes.length} outcomes`);
      }
      const answers: StoredAnswer[] = [];
      fresh.forEach((index, at) => {
        const member = members[index] as Member;
        const outcome = outcomes[at];
        if (!outcome) return;
        if (!outcome.ok) {
          decided[index] = { kind: 'error', error: outcome.error };
          return;
        }
        const answer = answerOf(member.reply, useCase.status ?? 200, outcome.value);
        decided[index] = { kind: 'answer', answer, replayed: false };
        answers.push({
          customer_id: member.owner.customerId,
          key: member.owner.key,
          request_hash: member.hash,
          response_status: answer.status,
          response_content_type: answer.contentType,
          response_body: answer.body,
          created_at: now,
          expires_at: new Date(now.getTime() + ttlMs),
        });
      });
      await storeAnswers(tx, answers);
      return answers.length > 0 ? tx : undefined;
    });
    if (committed) await afterCommit?.(committed);
    return decided;
  }

  /** Each grouped use case's members, gathered per turn of the event loop. */
  const groups = new Map<AnyUseCase, (member: Member) => Promise<Decided>>();
  const groupOf = (useCase: AnyUseCase) => {
    let join = groups.get(useCase);
    if (!join) {
      join = groupedCalls<Member, Decided>(
        async (members) => {
          try {
            return await runGroup(useCase, members);
          } catch (error) {
            // The group rolled back: each member runs alone, as it would have without a group.
            members[0]?.request.log.warn({ err: error, size: members.length }, 'group failed');
            return members.map(() => ALONE);
          }
        },
        { inFlight },
      );
      groups.set(useCase, join);
    }
    return join;
  };

  return (useCase: AnyUseCase, member: Member): Promise<Decided> => groupOf(useCase)(member);
}
