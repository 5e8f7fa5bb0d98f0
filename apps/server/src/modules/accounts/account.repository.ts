import type { Locale } from '@corridor/contracts';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import type { CustomerService } from '../customers/index.ts';
import { accounts, passwordResetTokens } from './accounts.schema.ts';

/** An account, with the language its customer reads Corridor in (its mails are written in it). */
export type AccountRow = typeof accounts.$inferSelect & { locale: Locale };

/** What accounts need of the customers' table (the customers module's, decision 30). */
export type AccountCustomers = Pick<CustomerService, 'createCustomer' | 'crnExists' | 'findLocale'>;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Accounts and their reset links. Every query runs on the executor the use case gives it, the
 * customers module's reads and writes too, so they join its transaction.
 */
export function createAccountRepository(customers: AccountCustomers) {
  /** Accounts with their customer's language. */
  async function withLocales(ex: Executor, rows: (typeof accounts.$inferSelect)[]) {
    const found: AccountRow[] = [];
    for (const row of rows) found.push({ ...row, locale: await localeOf(ex, row.customer_id) });
    return found;
  }
  /** The language the customer reads Corridor in ('en' when the customer is gone). */
  async function localeOf(ex: Executor, customerId: string): Promise<Locale> {
    return (await customers.findLocale(ex, customerId)) ?? 'en';
  }
  const selectAccounts = (ex: Executor) => ex.select().from(accounts);

  return {
    /**
     * The accounts a password for this email may open: the verified owner alone when there is
     * one (decision 0005), else the newest unverified sign-ups, so a later sign-up with the
     * same address never strands an earlier one (issue 11, defect 15).
     */
    async findSignInCandidates(
      ex: Executor,
      email: string,
      maxUnverified: number,
    ): Promise<AccountRow[]> {
      const rows = await selectAccounts(ex)
        .where(eq(accounts.email_normalized, normaliseEmail(email)))
        .orderBy(desc(accounts.is_email_verified), desc(accounts.created_at))
        .limit(maxUnverified);
      const owner = rows.find((row) => row.is_email_verified);
      return withLocales(ex, owner ? [owner] : rows);
    },
    async findVerifiedOwner(ex: Executor, email: string): Promise<AccountRow | undefined> {
      const rows = await selectAccounts(ex).where(
        and(
          eq(accounts.email_normalized, normaliseEmail(email)),
          eq(accounts.is_email_verified, true),
        ),
      );
      return (await withLocales(ex, rows))[0];
    },
    async findByCustomer(ex: Executor, customerId: string): Promise<AccountRow | undefined> {
      const rows = await selectAccounts(ex).where(eq(accounts.customer_id, customerId));
      return (await withLocales(ex, rows))[0];
    },
    localeOf,
    /** A new customer, in the sign-up's language, and its account (in the use case's transaction). */
    async create(
      ex: Executor,
      values: {
        crn: string;
        email: string;
        passwordHash: string;
        locale: Locale;
        now: Date;
      },
    ): Promise<AccountRow> {
      const customerId = await customers.createCustomer(ex, values);
      const [account] = await ex
        .insert(accounts)
        .values({
          customer_id: customerId,
          email: values.email.trim(),
          email_normalized: normaliseEmail(values.email),
          password_hash: values.passwordHash,
          created_at: values.now,
          updated_at: values.now,
        })
        .returning();
      if (!account) throw new Error('account insert returned nothing');
      return { ...account, locale: values.locale };
    },
    crnExists: (ex: Executor, crn: string) => customers.crnExists(ex, crn),
    /**
     * Marks the email verified. When another account verified the address first, the partial
     * unique index refuses it (errors/constraint-violations.ts turns that into a 422).
     */
    async markEmailVerified(ex: Executor, customerId: string, now: Date): Promise<void> {
      await ex
        .update(accounts)
        .set({ is_email_verified: true, email_verified_at: now, updated_at: now })
        .where(eq(accounts.customer_id, customerId));
    },
    async setPasswordHash(
      ex: Executor,
      customerId: string,
      passwordHash: string,
      changedAt: Date | null,
    ) {
      await ex
        .update(accounts)
        .set({
          password_hash: passwordHash,
          ...(changedAt ? { password_changed_at: changedAt, updated_at: changedAt } : {}),
        })
        .where(eq(accounts.customer_id, customerId));
    },
    async isMobileNumberTaken(ex: Executor, customerId: string, mobileNumber: string) {
      const [row] = await ex
        .select({ customer_id: accounts.customer_id })
        .from(accounts)
        .where(and(eq(accounts.mobile_number, mobileNumber), ne(accounts.customer_id, customerId)))
        .limit(1);
      return row !== undefined;
    },
    /**
     * When another customer holds the number, the partial unique index refuses it
     * (errors/constraint-violations.ts turns that into a 422).
     */
    async setMobileNumber(
      ex: Executor,
      customerId: string,
      number: { mobileNumber: string; countryId: string },
      now: Date,
    ) {
      await ex
        .update(accounts)
        .set({
          mobile_number: number.mobileNumber,
          mobile_number_country_id: number.countryId,
          updated_at: now,
        })
        .where(eq(accounts.customer_id, customerId));
    },
    /** Replaces the customer's reset token (one live token per customer, B4.1). */
    async putResetToken(
      ex: Executor,
      customerId: string,
      tokenHash: string,
      expiresAt: Date,
      now: Date,
    ) {
      await ex
        .insert(passwordResetTokens)
        .values({
          customer_id: customerId,
          token_hash: tokenHash,
          expires_at: expiresAt,
          created_at: now,
        })
        .onConflictDoUpdate({
          target: passwordResetTokens.customer_id,
          set: { token_hash: tokenHash, expires_at: expiresAt, created_at: now },
        });
    },
    async findResetToken(ex: Executor, customerId: string) {
      const [row] = await ex
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.customer_id, customerId));
      return row;
    },
    /** Uses up a live reset token; returns its customer, or undefined when none matches. */
    async consumeResetToken(
      ex: Executor,
      tokenHash: string,
      now: Date,
    ): Promise<string | undefined> {
      const [row] = await ex
        .delete(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.token_hash, tokenHash),
            gt(passwordResetTokens.expires_at, now),
          ),
        )
        .returning({ customer_id: passwordResetTokens.customer_id });
      return row?.customer_id;
    },
    /** Ends every outstanding reset link of the customer (a new password, a sign-in). */
    async deleteResetTokens(ex: Executor, customerId: string): Promise<void> {
      await ex.delete(passwordResetTokens).where(eq(passwordResetTokens.customer_id, customerId));
    },
    async peekResetToken(ex: Executor, tokenHash: string, now: Date): Promise<string | undefined> {
      const [row] = await ex
        .select({ customer_id: passwordResetTokens.customer_id })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.token_hash, tokenHash),
            gt(passwordResetTokens.expires_at, now),
          ),
        );
      return row?.customer_id;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
