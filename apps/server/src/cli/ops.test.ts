import { apiPaths, countryListSchema, customerSchema } from '@corridor/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../outbox/outbox.schema.ts';
import { handIn, storeFile } from '../modules/documents/documents-test-kit.ts';
import { idPhoto } from '../modules/documents/review/review-test-kit.ts';
import { postgresBesideServer, runOpsProcess } from '../test/ops-cli.ts';
import { testEnvironment } from '../test/test-config.ts';
import { STRONG_PASSWORD, TestBrowser } from '../test/test-browser.ts';
import { waitUntil } from '../test/wait-for.ts';

/**
 * On PostgreSQL the CLI opens the database itself, beside a running server (here an app in this
 * process, working its jobs): the server sees the decision, its customer the email, and the
 * events reach the server's sockets (through Redis, or left to the server's own dispatch).
 */
describe.runIf(Boolean(testEnvironment.databaseUrl))('npm run ops on PostgreSQL', () => {
  const besideServer = postgresBesideServer({ DOCUMENT_REVIEW_DELAY_SECONDS: '0' });

  it('decides beside the running server', async () => {
    const { server, database, opsEnvironment } = await besideServer();
    const app = server.app;
    const browser = new TestBrowser(app);
    const email = 'ops-postgres@example.com';
    const signUp = { email, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD };
    expect((await browser.post(apiPaths.signup, signUp)).statusCode).toBe(201);
    const countries = countryListSchema.parse((await browser.get(apiPaths.sourceCountries)).json());
    const gb = countries.data.find((country) => country.iso2_alpha === 'GB')?.id;
    await browser.post(apiPaths.updateCountry, { country_id: gb });
    await browser.post(`${apiPaths.updateAttributes}?category=identity`, {
      name: 'Ada',
      third_name: 'Lovelace',
      nationality_id: gb,
      birth_detail: { birth_date: '1990-12-10' },
    });
    const token = await storeFile(app, browser, 'POI', 'PASSPORT', idPhoto('passport-review.jpg'));
    const answer = await handIn(browser, 'POI', 'PASSPORT', [token.object_key]);
    const documentId = customerSchema.parse(answer.json()).documents[0]?.id ?? '';
    const statusOf = async () =>
      customerSchema
        .parse((await browser.get(apiPaths.profile)).json())
        .documents.find((document) => document.id === documentId)?.status_code;
    await waitUntil(async () => (await statusOf()) === 'review-required');

    const env = opsEnvironment();
    // The real binary on PostgreSQL: it opens the database itself.
    const approved = await runOpsProcess(env, 'documents:approve', documentId);
    expect(approved.code, approved.stderr).toBe(0);
    expect(await statusOf()).toBe('approved');
    const mails = () => app.inject({ method: 'GET', url: apiPaths.devMailbox });
    expect(
      (await mails())
        .json<{ to: string; subject: string }[]>()
        .some((mail) => mail.to === email && /was approved/.test(mail.subject)),
    ).toBe(true);
    // The event went out: through Redis from the CLI, or by the server's own dispatch.
    const approvedEvent = and(
      eq(outboxMessages.kind, 'realtime'),
      sql`${outboxMessages.payload}->>'event' = 'CustomerDocumentApproved'`,
      sql`${outboxMessages.payload}->'data'->>'document_id' = ${documentId}`,
      isNotNull(outboxMessages.dispatched_at),
    );
    await waitUntil(async () => {
      const sent = await database.db.select().from(outboxMessages).where(approvedEvent);
      return sent?.length === 1;
    }, 30_000);
  }, 120_000);
});
