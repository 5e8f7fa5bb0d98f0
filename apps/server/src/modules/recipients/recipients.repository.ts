import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { jsonList } from '../../db/json-lists.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { recipients } from './recipients.schema.ts';
import { recipientColumns as columns, type RecipientRow } from './recipient-row.ts';
import { recordTransfer, recordTransfers } from './recipient-transfer-dates.repository.ts';

export type { RecipientRow } from './recipient-row.ts';

/** What a write sets: everything but the ids, the owner and the transaction times. */
export type RecipientFields = Pick<
  RecipientRow,
  | 'recipient_type'
  | 'relationship_id'
  | 'name'
  | 'second_name'
  | 'third_name'
  | 'whole_name'
  | 'account_number'
  | 'values'
>;

export type NewRecipient = RecipientFields &
  Pick<
    RecipientRow,
    'id' | 'customer_id' | 'channel_id' | 'payout_target_id' | 'payout_method_id' | 'created_at'
  >;

/** The customer's live (not removed) recipient with this id. */
const liveOf = (customerId: string, recipientId: string): SQL | undefined =>
  and(
    eq(recipients.id, recipientId),
    eq(recipients.customer_id, customerId),
    isNull(recipients.deleted_at),
  );

/** A LIKE pattern that matches `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const containing = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** What a search matches: the whole name, the account number, or one of the targets given. */
export interface RecipientSearch {
  text: string;
  /** Targets whose country's name matches the text (the service knows their names). */
  targetIds: readonly string[];
}

function matching(search: RecipientSearch | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containing(search.text);
  // IBANs and E.164 numbers are stored without spaces: "PL61 1090" finds them too.
  const compact = containing(search.text.replace(/\s+/g, ''));
  return or(
    ilike(recipients.whole_name, pattern),
    ilike(recipients.account_number, compact),
    search.targetIds.length > 0
      ? inArray(recipients.payout_target_id, [...search.targetIds])
      : undefined,
  );
}

const newestFirst = [desc(recipients.created_at), desc(recipients.id)];

/** `findLive`'s statement (every confirm reads it), prepared once a connection (decision 52). */
const findLiveStatement = preparedStatement('recipients_find_live', (ex, name) =>
  ex
    .select(columns)
    .from(recipients)
    .where(
      and(
        eq(recipients.id, sql.placeholder('recipient')),
        eq(recipients.customer_id, sql.placeholder('customer')),
        isNull(recipients.deleted_at),
      ),
    )
    .prepare(name),
);

/** `payoutDetailsOfMany`'s statement: the ids as one JSON text, one text whatever their number. */
const payoutDetailsManyStatement = preparedStatement(
  'recipients_payout_details_many',
  (ex, name) =>
    ex
      .select({
        id: recipients.id,
        customer_id: recipients.customer_id,
        name: recipients.whole_name,
        payout_method_id: recipients.payout_method_id,
        values: recipients.values,
      })
      .from(recipients)
      .where(sql`${recipients.id} = any(${jsonList('ids', 'uuid')})`)
      .prepare(name),
  'each call',
);

/** Recipients, always of one customer: every query names the owner (IDOR). */
export function createRecipientsRepository() {
  return {
    async insert(ex: Executor, recipient: NewRecipient): Promise<void> {
      await ex.insert(recipients).values({ ...recipient, updated_at: recipient.created_at });
    },
    /** Replaces a live recipient's fields; false when it is not the customer's live one. */
    async update(
      ex: Executor,
      customerId: string,
      recipientId: string,
      fields: RecipientFields,
      now: Date,
    ): Promise<boolean> {
      const updated = await ex
        .update(recipients)
        .set({ ...fields, updated_at: now })
        .where(liveOf(customerId, recipientId))
        .returning({ id: recipients.id });
      return updated.length > 0;
    },
    /** Marks a live recipient removed (the row stays for history); false when none. */
    async softDelete(
      ex: Executor,
      customerId: string,
      recipientId: string,
      now: Date,
    ): Promise<boolean> {
      const deleted = await ex
        .update(recipients)
        .set({ deleted_at: now, updated_at: now })
        .where(liveOf(customerId, recipientId))
        .returning({ id: recipients.id });
      return deleted.length > 0;
    },
    /** The customer's recipients of these ids, removed ones included (a transfer's history). */
    async findAny(
      ex: Executor,
      customerId: string,
      recipientIds: readonly string[],
    ): Promise<RecipientRow[]> {
      if (recipientIds.length === 0) return [];
      return ex
        .select(columns)
        .from(recipients)
        .where(
          and(eq(recipients.customer_id, customerId), inArray(recipients.id, [...recipientIds])),
        );
    },
    recordTransfer,
    recordTransfers,
    async findLive(
      ex: Executor,
      customerId: string,
      recipientId: string,
    ): Promise<RecipientRow | undefined> {
      const [row] = await findLiveStatement.run(ex, {
        customer: customerId,
        recipient: recipientId,
      });
      return row;
    },
    async corridorOf(ex: Executor, customerId: string, recipientId: string) {
      const [row] = await ex
        .select({
          id: recipients.id,
          payout_target_id: recipients.payout_target_id,
          payout_method_id: recipients.payout_method_id,
        })
        .from(recipients)
        .where(liveOf(customerId, recipientId));
      return row ?? null;
    },
    /**
     * What a payout needs of the customer's recipient, removed or not: a transfer keeps paying
     * the recipient it was confirmed to.
     */
    async payoutDetailsOf(ex: Executor, customerId: string, recipientId: string) {
      const [row] = await ex
        .select({
          name: recipients.whole_name,
          payout_method_id: recipients.payout_method_id,
          values: recipients.values,
        })
        .from(recipients)
        .where(and(eq(recipients.customer_id, customerId), eq(recipients.id, recipientId)));
      return row ?? null;
    },
    /** `payoutDetailsOf` for several recipients in one statement, with their customers. */
    async payoutDetailsOfMany(ex: Executor, recipientIds: readonly string[]) {
      if (recipientIds.length === 0) return [];
      return payoutDetailsManyStatement.run(ex, { ids: JSON.stringify(recipientIds) });
    },
    /** One page of live recipients, newest first, and how many match in all. */
    async page(
      ex: Executor,
      customerId: string,
      window: { search: RecipientSearch | undefined; limit: number; offset: number },
    ): Promise<{ rows: RecipientRow[]; total: number }> {
      const where = and(
        eq(recipients.customer_id, customerId),
        isNull(recipients.deleted_at),
        matching(window.search),
      );
      const [rows, [counted]] = await Promise.all([
        ex
          .select(columns)
          .from(recipients)
          .where(where)
          .orderBy(...newestFirst)
          .limit(window.limit)
          .offset(window.offset),
        ex.select({ total: count() }).from(recipients).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },
    /** Live recipients of one target and method, newest first. */
    forCorridor(
      ex: Executor,
      customerId: string,
      corridor: { payoutTargetId: string; payoutMethodId: string; limit: number },
    ): Promise<RecipientRow[]> {
      return ex
        .select(columns)
        .from(recipients)
        .where(
          and(
            eq(recipients.customer_id, customerId),
            isNull(recipients.deleted_at),
            eq(recipients.payout_target_id, corridor.payoutTargetId),
            eq(recipients.payout_method_id, corridor.payoutMethodId),
          ),
        )
        .orderBy(...newestFirst)
        .limit(corridor.limit);
    },
    async hasAny(ex: Executor, customerId: string): Promise<boolean> {
      const rows = await ex
        .select({ id: recipients.id })
        .from(recipients)
        .where(and(eq(recipients.customer_id, customerId), isNull(recipients.deleted_at)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type RecipientsRepository = ReturnType<typeof createRecipientsRepository>;
