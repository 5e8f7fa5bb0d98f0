import { apiPaths, statementListSchema, type OutboxMessage } from '@corridor/contracts';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import { waitUntil } from '../../test/wait-for.ts';
import { latestCode, STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';
import { accounts } from '../ledger/index.ts';
// Test code: the transfers' kits make paid transfers; the ledger's kit reads its balances.
import { ledgerOn } from '../ledger/ledger-test-kit.ts';
import {
  confirmedFrom,
  readyPayer,
  runJobs,
  SETTLE_SECONDS,
  transferOf,
} from '../transfers/flow-test-kit.ts';
import { readySender } from '../transfers/transfers-test-kit.ts';
import { CSV_COLUMNS } from './statement-files.ts';
import { parseCsv } from './csv-test-kit.ts';
import { pdfText } from './pdf-text-test-kit.ts';
import { statements } from './statements.schema.ts';
import { STATEMENT_LIFETIME_MS, STATEMENTS_PER_HOUR } from './statements.service.ts';

const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });
const today = () => clock.now().toISOString().slice(0, 10);

/**
 * Asks for a statement, runs the job, and answers the download path of the email that links to
 * it (the newest statement's own link), with the email's subject.
 */
async function statementLink(
  browser: TestBrowser,
  body: Record<string, unknown>,
): Promise<{ path: string; subject: string; to: string }> {
  const asked = await browser.post(apiPaths.statement, body);
  expect(asked.statusCode, asked.body).toBe(200);
  expect(asked.json<{ message: string }>().message).toMatch(/preparing your statement/);
  await runJobs(file, clock, SECOND);
  const list = statementListSchema.parse((await browser.get(apiPaths.statements)).json());
  const newest = list.data[0];
  if (newest === undefined) throw new Error('no statement listed');
  const path = apiPaths.statementDownload(newest.id);
  let mail: OutboxMessage | undefined;
  await waitUntil(async () => {
    const box = await file.app.inject({ method: 'GET', url: apiPaths.devMailbox });
    mail = box.json<OutboxMessage[]>().find((message) => message.text.includes(path));
    return mail !== undefined;
  });
  expect(mail?.text).toContain(`http://127.0.0.1:8080${path}`);
  return { path, subject: mail?.subject ?? '', to: mail?.to ?? '' };
}

describe('statements (docs/product/sending-money.md#receipts-and-statements)', () => {
  it('request → job → email with a link → CSV whose sums equal the ledger’s', async () => {
    const payer = await readyPayer(file, clock);
    const paid = [await confirmedFrom(payer, '120.50'), await confirmedFrom(payer, '80')];
    for (const transfer of paid) {
      const sent = await payer.browser.post(apiPaths.paymentSent(transfer.paymentId), {});
      expect(sent.statusCode, sent.body).toBe(200);
    }
    await runJobs(file, clock, SETTLE_SECONDS * SECOND);
    const unpaid = await confirmedFrom(payer, '40');
    const { path, subject, to } = await statementLink(payer.browser, {
      start_date: today(),
      end_date: today(),
      type: 'csv',
    });
    expect(subject).toBe('Your Corridor statement is ready');

    const download = await payer.browser.get(path);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="corridor-statement-/,
    );
    const [header, ...rows] = parseCsv(download.body);
    expect(header).toEqual([...CSV_COLUMNS]);
    const column = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    expect(rows.map((row) => row[column('transaction_number')]).sort()).toEqual(
      [...paid, unpaid].map((t) => t.transaction.transaction_number).sort(),
    );
    // Sums in minor units from the decimal strings: never floats.
    const minor = (value: string | undefined) => BigInt((value ?? '').replace('.', ''));
    const paidSum = rows.reduce((sum, row) => sum + minor(row[column('amount_paid')]), 0n);
    const { ledger } = ledgerOn(file.database.db, { clock });
    const customer = await ledger.balance(
      file.database.db,
      accounts.customer(payer.customerId, 'GBP'),
    );
    expect(paidSum).toBe(customer.posted.credits);
    expect(paidSum).toBe(
      paid.reduce((sum, transfer) => sum + minor(transfer.transaction.total_to_pay), 0n),
    );
    // What was received per paid transfer is what its transit account in INR was credited.
    for (const transfer of paid) {
      const row = rows.find(
        (r) => r[column('transaction_number')] === transfer.transaction.transaction_number,
      );
      const now = await transferOf(payer.browser, transfer.transaction.id);
      expect(row?.[column('amount_received')]).toBe(now.payout_amount);
      expect(row?.[column('total_to_pay')]).toBe(now.total_to_pay);
    }
    const unpaidRow = rows.find(
      (r) => r[column('transaction_number')] === unpaid.transaction.transaction_number,
    );
    expect(unpaidRow?.[column('amount_paid')]).toBe('0.00');

    // Listed READY with the link; another customer's download reads as missing.
    const list = statementListSchema.parse((await payer.browser.get(apiPaths.statements)).json());
    expect(list.data[0]).toMatchObject({ state: 'READY', type: 'csv', download_url: path });
    const stranger = await readySender(file.app, file.database.db, clock);
    expect((await stranger.browser.get(path)).statusCode).toBe(404);

    // A PDF statement of the same days has the rows.
    const { path: pdfPath } = await statementLink(payer.browser, {
      start_date: today(),
      end_date: today(),
      type: 'pdf',
    });
    const pdf = await payer.browser.get(pdfPath);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Statement');
    for (const transfer of [...paid, unpaid]) {
      expect(text).toContain(transfer.transaction.transaction_number);
    }
    expect(text).toContain('Totals GBP');

    // Past its lifetime: 410, and listed EXPIRED without a link.
    // A week on the session has ended too: the owner signs in again (password, emailed code).
    clock.advance(STATEMENT_LIFETIME_MS);
    const owner = new TestBrowser(file.app);
    expect(
      (await owner.post(apiPaths.login, { email: to, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
    const mfa = await owner.post(apiPaths.mfa, { otp: await latestCode(file.app, to) });
    expect(mfa.statusCode, mfa.body).toBe(200);
    expect((await owner.get(path)).statusCode).toBe(410);
    const later = statementListSchema.parse((await owner.get(apiPaths.statements)).json());
    expect(later.data.map((s) => [s.state, s.download_url])).toEqual([
      ['EXPIRED', null],
      ['EXPIRED', null],
    ]);

    // The purge job (due every PURGE_EXPIRED_MS, so due now) deletes their files; they stay
    // listed EXPIRED, 410. A statement made since keeps its file.
    const { path: fresh } = await statementLink(owner, {
      start_date: today(),
      end_date: today(),
      type: 'csv',
    });
    await runJobs(file, clock, SECOND);
    const held = await file.database.db
      .select({
        id: statements.id,
        state: statements.state,
        file: sql<boolean>`${statements.content} is not null`,
      })
      .from(statements)
      .where(
        inArray(
          statements.id,
          later.data.map((s) => s.id),
        ),
      );
    expect(held.map((row) => [row.state, row.file])).toEqual([
      ['EXPIRED', false],
      ['EXPIRED', false],
    ]);
    expect((await owner.get(path)).statusCode).toBe(410);
    expect((await owner.get(pdfPath)).statusCode).toBe(410);
    const purged = statementListSchema.parse((await owner.get(apiPaths.statements)).json());
    expect(purged.data.map((s) => [s.state, s.download_url])).toEqual([
      ['READY', fresh],
      ['EXPIRED', null],
      ['EXPIRED', null],
    ]);
    expect((await owner.get(fresh)).statusCode).toBe(200);
  });

  it('refuses bad dates and an unknown currency field by field (422)', async () => {
    const { browser } = await readySender(file.app, file.database.db, clock);
    const cases: [Record<string, unknown>, string][] = [
      [{ start_date: '2026-02-30', end_date: today(), type: 'csv' }, 'start_date'],
      [{ start_date: today(), end_date: '2020-01-01', type: 'csv' }, 'end_date'],
      [{ start_date: '2999-01-01', end_date: '2999-01-02', type: 'pdf' }, 'start_date'],
      [{ start_date: '2020-01-01', end_date: today(), type: 'pdf' }, 'end_date'],
      [{ start_date: today(), end_date: today(), type: 'xls' }, 'type'],
      [
        { start_date: today(), end_date: today(), type: 'csv', currency: crypto.randomUUID() },
        'currency',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await browser.post(apiPaths.statement, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
    }
  });

  it('answers 429 past the hourly number of statements, queuing nothing more', async () => {
    const { browser } = await readySender(file.app, file.database.db, clock);
    const body = { start_date: today(), end_date: today(), type: 'csv' };
    for (let asked = 0; asked < STATEMENTS_PER_HOUR; asked += 1) {
      expect((await browser.post(apiPaths.statement, body)).statusCode).toBe(200);
    }
    const refused = await browser.post(apiPaths.statement, body);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const listed = statementListSchema.parse((await browser.get(apiPaths.statements)).json());
    expect(listed.data).toHaveLength(STATEMENTS_PER_HOUR);
  });

  it('refuses an account not yet verified (412)', async () => {
    const { browser } = await readySender(file.app, file.database.db, clock, {
      documents: ['POI'],
    });
    const response = await browser.post(apiPaths.statement, {
      start_date: today(),
      end_date: today(),
      type: 'csv',
    });
    expect(response.statusCode).toBe(412);
    expect(response.json<{ type: string }>().type).toBe('account_verification_required');
  });
});
