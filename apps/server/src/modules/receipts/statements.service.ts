import type {
  Currency,
  Locale,
  Statement,
  StatementList,
  StatementRequestBody,
} from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import { defineJob, type JobContext, type Jobs } from '../../jobs/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { tooManyAttempts, type RateLimiter } from '../../lib/rate-limiter.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Outbox } from '../../outbox/index.ts';
import type { CustomerService } from '../customers/index.ts';
import { mailMessage, mailMessages } from '../mail/index.ts';
import type { PayoutsService } from '../payouts/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import type { SignedInSession } from '../sessions/index.ts';
import type { StatementRowsPort } from '../transfers/index.ts';
import { statementCsv, statementPdf } from './statement-files.ts';
import type { StatementsRepository, StatementSummary } from './statements.repository.ts';

/**
 * Statements (docs/product/sending-money.md#receipts-and-statements): asked for by the customer,
 * made by a job, emailed as a link (outbox, after the commit), listed, and downloadable by their
 * owner for STATEMENT_LIFETIME_MS.
 */

/** Makes the file of one statement. */
export const makeStatementJob = defineJob<{ statement_id: string }>('receipts.make-statement');
export const MAKE_STATEMENT_RETRIES = 3;

/** How long a ready statement can be downloaded. */
export const STATEMENT_LIFETIME_MS = 7 * 86_400_000;
/** Deletes the files of expired statements (every PURGE_EXPIRED_MS). */
export const purgeExpiredStatementsJob = defineJob('receipts.purge-expired-statements');
export const PURGE_EXPIRED_MS = 3_600_000;
/** Files deleted a statement; the sweep goes on until fewer are left. */
const PURGE_BATCH = 200;
const DAY_MS = 86_400_000;
/** The longest range one statement covers (a year, leap day included). */
const MAX_DAYS = 366;
/** Each statement is a job and an email: a customer may ask for this many an hour (429 after). */
export const STATEMENTS_PER_HOUR = 10;

export interface StatementsDeps {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  limiter: RateLimiter;
  outbox: Pick<Outbox, 'add'>;
  jobs: Pick<Jobs, 'send' | 'kick'>;
  config: { appUrl: string; sandboxNotice: boolean };
  repository: StatementsRepository;
  transfers: StatementRowsPort;
  customers: Pick<CustomerService, 'view' | 'emailsOf'>;
  payouts: Pick<PayoutsService, 'currency'>;
  recipients: Pick<RecipientsService, 'forTransfers'>;
}

const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);

export function createStatements(deps: StatementsDeps) {
  const { repository } = deps;

  /** The Currency resources of what the customer paid in (the filter's choices). */
  async function paymentCurrencies(customerId: string, locale: Locale): Promise<Currency[]> {
    const codes = await deps.transfers.sendCurrencies(deps.db, customerId);
    const found = await Promise.all(codes.map((code) => deps.payouts.currency(code, locale)));
    return found.filter((currency) => currency !== null);
  }

  async function resource(row: StatementSummary, locale: Locale): Promise<Statement> {
    const expired = row.expires_at !== null && row.expires_at <= deps.clock.now();
    const state = row.state === 'READY' && expired ? 'EXPIRED' : row.state;
    return {
      id: row.id,
      start_date: row.start_date,
      end_date: row.end_date,
      type: row.format as Statement['type'],
      currency: row.currency === null ? null : await deps.payouts.currency(row.currency, locale),
      state: state as Statement['state'],
      created_at: row.created_at.toISOString(),
      download_url: state === 'READY' ? apiPaths.statementDownload(row.id) : null,
      expires_at: row.expires_at?.toISOString() ?? null,
    };
  }

  return {
    /** POST /client/v1/transaction/statement: 422 per field, 412 unverified, else queued. */
    async request(
      session: SignedInSession,
      body: StatementRequestBody,
      locale: Locale,
    ): Promise<void> {
      const customerId = session.customer_id;
      const errors: Record<string, string[]> = {};
      const today = deps.clock.now().toISOString().slice(0, 10);
      if (body.start_date > today) errors.start_date = [apiText('statements.startInFuture')];
      const days =
        (dayStart(body.end_date).getTime() - dayStart(body.start_date).getTime()) / DAY_MS;
      if (days + 1 > MAX_DAYS) errors.end_date = [apiText('statements.rangeTooLong')];
      let currency: string | null = null;
      if (body.currency !== undefined) {
        const wanted = body.currency.toLowerCase();
        const match = (await paymentCurrencies(customerId, locale)).find((c) => c.id === wanted);
        if (match) currency = match.code;
        else errors.currency = [apiText('payouts.chooseCurrency')];
      }
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);
      // As the original product: a statement is for a verified account only (412).
      const customer = await deps.customers.view(session, locale);
      if (
        customer.pending_documents.length > 0 ||
        customer.is_identity_information_required ||
        customer.is_address_information_required
      ) {
        throw new AppError('precondition_required', {
          type: 'account_verification_required',
          message: apiText('statements.verificationRequired'),
          extra: { pending_documents: customer.pending_documents },
        });
      }
      const hit = await deps.limiter.hit(
        `statements:${customerId}`,
        STATEMENTS_PER_HOUR,
        3_600_000,
      );
      if (!hit.allowed) throw tooManyAttempts(hit.retryAfterSeconds);
      const id = deps.random.uuid();
      await deps.uow.run(async (tx) => {
        await repository.insert(tx, {
          id,
          customer_id: customerId,
          start_date: body.start_date,
          end_date: body.end_date,
          format: body.type,
          currency,
          locale,
          created_at: deps.clock.now(),
        });
        await deps.jobs.send(makeStatementJob, { statement_id: id }, {}, tx);
        deps.uow.afterCommit(tx, async () => deps.jobs.kick());
      });
    },

    /** GET /client/v1/transaction/statements. */
    async list(session: SignedInSession, locale: Locale): Promise<StatementList> {
      const rows = await repository.list(deps.db, session.customer_id);
      return { data: await Promise.all(rows.map((row) => resource(row, locale))) };
    },

    /** The owner's READY statement's file; 404 for anyone else's or unknown, 410 once expired. */
    async download(session: SignedInSession, id: string) {
      const row = await repository.fileOf(deps.db, session.customer_id, id.toLowerCase());
      const purged = row?.state === 'EXPIRED';
      if (!row || (!purged && (row.state !== 'READY' || row.content === null))) {
        throw new AppError('not_found');
      }
      if (
        purged ||
        row.content === null ||
        row.expires_at === null ||
        row.expires_at <= deps.clock.now()
      ) {
        throw new AppError('gone', { message: apiText('statements.expired') });
      }
      const type = row.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf';
      const fileName = `corridor-statement-${row.start_date}-${row.end_date}.${row.format}`;
      return { content: row.content, contentType: type, fileName };
    },

    /** The purge job: expired statements' files deleted, a batch a statement; answers how many. */
    async purgeExpired(): Promise<number> {
      let purged = 0;
      for (;;) {
        const done = await repository.purgeExpired(deps.db, deps.clock.now(), PURGE_BATCH);
        purged += done;
        if (done < PURGE_BATCH) return purged;
      }
    },

    /** The job: the file made and stored, and the email with its link, in one transaction. */
    async make(statementId: string, context: JobContext): Promise<void> {
      const row = await repository.find(deps.db, statementId);
      if (!row || row.state !== 'PREPARING') return;
      try {
        await makeFile(row);
      } catch (error) {
        // The last attempt failed: the statement says so rather than preparing for ever.
        if (context.retryCount < MAKE_STATEMENT_RETRIES) throw error;
        await repository.failed(deps.db, row.id);
      }
    },
  };

  async function makeFile(row: StatementSummary): Promise<void> {
    const locale = row.locale as Locale;
    const range = {
      from: dayStart(row.start_date),
      to: new Date(dayStart(row.end_date).getTime() + DAY_MS),
    };
    const rows = await deps.transfers.rows(deps.db, row.customer_id, range, row.currency);
    const recipients = await deps.recipients.forTransfers(
      deps.db,
      row.customer_id,
      rows.map((transfer) => transfer.recipient_id),
      locale,
    );
    const names = new Map([...recipients].map(([id, recipient]) => [id, recipient.whole_name]));
    const now = deps.clock.now();
    const input = {
      rows,
      recipients: names,
      startDate: row.start_date,
      endDate: row.end_date,
      currency: row.currency,
      locale,
      now,
    };
    const content = row.format === 'csv' ? statementCsv(input) : await statementPdf(input);
    const expiresAt = new Date(now.getTime() + STATEMENT_LIFETIME_MS);
    await deps.uow.run(async (tx) => {
      const done = await repository.ready(tx, row.id, { content, readyAt: now, expiresAt });
      if (!done) return;
      const to = (await deps.customers.emailsOf(tx, [row.customer_id])).get(row.customer_id);
      if (to === undefined) return;
      const message = mailMessages.statementReady({
        to,
        locale,
        startDate: row.start_date,
        endDate: row.end_date,
        downloadUrl: `${deps.config.appUrl}${apiPaths.statementDownload(row.id)}`,
        expiresAt,
        sandboxNotice: deps.config.sandboxNotice,
      });
      await deps.outbox.add(tx, mailMessage({ type: 'mailbox', id: to }, message));
    });
  }
}

export type Statements = ReturnType<typeof createStatements>;
