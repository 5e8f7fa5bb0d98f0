import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiPaths,
  countryListSchema,
  customerSchema,
  uploadTokenSchema,
  type Customer,
} from '@corridor/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../outbox/outbox.schema.ts';
import { handIn, idsOf, storeFile } from '../modules/documents/documents-test-kit.ts';
import { idPhoto } from '../modules/documents/review/review-test-kit.ts';
import { jpegFile } from '../test/document-files.ts';
import { FetchBrowser } from '../test/fetch-browser.ts';
import {
  embeddedServerEnvironment,
  freePort,
  killRunningServers,
  startServer,
} from '../test/server-process.ts';
import { postgresBesideServer, runOps as opsIn, runOpsProcess } from '../test/ops-cli.ts';
import { testEnvironment } from '../test/test-config.ts';
import { STRONG_PASSWORD, TestBrowser } from '../test/test-browser.ts';
import { waitUntil } from '../test/wait-for.ts';

/**
 * `npm run ops` against real processes (decision 0023): with the embedded database the CLI asks
 * the running server over DATA_DIR/ops.sock and never opens the folder itself; with no server
 * running it opens the database, as a server would. Documents are handed in over HTTP as a
 * browser does, reviewed by the server's job (no delay), and decided by the CLI. The CLI runs in
 * this process (test/ops-cli.ts), but as its own process (the real binary) once for each way it
 * reaches the database and once for a refusal: those prove the wiring.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-ops-'));

afterAll(async () => {
  await killRunningServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function environment(port: number): NodeJS.ProcessEnv {
  return embeddedServerEnvironment({
    PORT: String(port),
    DATA_DIR: dataDir,
    DOCUMENT_REVIEW_DELAY_SECONDS: '0',
  });
}

/** The CLI beside the embedded server on `port`, in this process. */
const ops = (port: number, ...args: string[]) => opsIn(environment(port), ...args);
/** The same, as its own process: `npm run ops`'s binary. */
const opsProcess = (port: number, ...args: string[]) => runOpsProcess(environment(port), ...args);

/** A customer with a country and an identity who hands in a passport photo named `fileName`. */
async function handInPassport(origin: string, email: string, fileName: string) {
  const browser = new FetchBrowser(origin);
  const post = async (url: string, body: unknown) => {
    const answer = await browser.post(url, body);
    expect(answer.status, `${url}: ${await answer.clone().text()}`).toBeLessThan(300);
    return answer;
  };
  await post(apiPaths.signup, {
    email,
    password: STRONG_PASSWORD,
    confirm_password: STRONG_PASSWORD,
  });
  const countries = countryListSchema.parse(
    await (await browser.get(apiPaths.sourceCountries)).json(),
  );
  const gb = countries.data.find((country) => country.iso2_alpha === 'GB')?.id;
  await post(apiPaths.updateCountry, { country_id: gb });
  await post(`${apiPaths.updateAttributes}?category=identity`, {
    name: 'Ada',
    third_name: 'Lovelace',
    nationality_id: gb,
    birth_detail: { birth_date: '1990-12-10' },
  });
  const bytes = jpegFile(1200, 800);
  const { categoryId, typeId } = idsOf('POI', 'PASSPORT');
  const query = new URLSearchParams({
    file_name: fileName,
    file_type: 'image/jpeg',
    file_size: String(bytes.length),
  });
  const token = uploadTokenSchema.parse(
    await (await browser.get(`${apiPaths.uploadToken(categoryId, typeId)}?${query}`)).json(),
  );
  const put = await fetch(token.token, { method: 'PUT', headers: token.headers, body: bytes });
  expect(put.status).toBeLessThan(300);
  const upload = new URLSearchParams({
    document_category_id: categoryId,
    document_type_id: typeId,
  });
  const answer = await post(`${apiPaths.documentUpload}?${upload}`, { pages: [token.object_key] });
  const [document] = customerSchema.parse(await answer.json()).documents;
  if (!document) throw new Error('no document');
  return { browser, documentId: document.id };
}

async function documentOf(browser: FetchBrowser, documentId: string) {
  const profile: Customer = customerSchema.parse(
    await (await browser.get(apiPaths.profile)).json(),
  );
  return profile.documents.find((document) => document.id === documentId);
}

async function mailbox(origin: string): Promise<{ to: string; subject: string; text: string }[]> {
  return (await fetch(`${origin}${apiPaths.devMailbox}`)).json() as Promise<
    { to: string; subject: string; text: string }[]
  >;
}

describe('npm run ops on the embedded database', () => {
  it('decides through the running server, and on the database once it has stopped', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = startServer(environment(port));
    await server.ready;
    const socket = path.join(dataDir, 'ops.sock');
    expect(fs.statSync(socket).isSocket()).toBe(true);
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);

    const first = await handInPassport(origin, 'ops-first@example.com', 'passport-review.jpg');
    const second = await handInPassport(origin, 'ops-second@example.com', 'id (review).jpg');
    for (const { browser, documentId } of [first, second]) {
      await waitUntil(
        async () => (await documentOf(browser, documentId))?.status_code === 'review-required',
        20_000,
      );
    }

    // The real binary, through the server's socket.
    const listed = await opsProcess(
      port,
      'documents:list',
      '--status',
      'review-required',
      '--json',
    );
    expect(listed.code, listed.stderr).toBe(0);
    const ids = (JSON.parse(listed.stdout) as { id: string }[]).map((document) => document.id);
    expect(ids).toEqual(expect.arrayContaining([first.documentId, second.documentId]));

    const reason = 'Your thumb covers the passport number. Please take the photo again.';
    const rejected = await ops(port, 'documents:reject', first.documentId, '--reason', reason);
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(rejected.stdout).toContain('Rejected.');
    expect(rejected.stdout).toContain(`Reason:           ${reason}`);
    // The server decided it: its customer sees it at once, and the email went out.
    expect(await documentOf(first.browser, first.documentId)).toMatchObject({
      status_code: 'rejected',
      rejection_reason: reason,
    });
    const mails = await mailbox(origin);
    expect(
      mails.find((mail) => mail.to === 'ops-first@example.com' && mail.text.includes(reason)),
    ).toBeDefined();

    // Refusals: a decided document, an unknown one, a wrong command.
    const again = await ops(port, 'documents:approve', first.documentId);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is rejected: only a review-required document');
    const unknown = await ops(port, 'documents:show', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No document 00000000-0000-4000-8000-000000000000.');
    const usage = await opsProcess(port, 'documents:reject', first.documentId);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('documents:reject needs --reason');

    // Without its socket, the CLI still never opens a folder a server holds.
    fs.rmSync(socket);
    const locked = await ops(port, 'documents:list');
    expect(locked.code).toBe(3);
    expect(locked.stderr).toContain(`A Corridor server (process ${server.child.pid}) holds`);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // No server: the CLI (the real binary, which keeps what it writes private) takes the folder.
    const approved = await opsProcess(port, 'documents:approve', second.documentId);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain('Approved.');
    const shown = await ops(port, 'documents:show', second.documentId, '--json');
    expect(JSON.parse(shown.stdout)).toMatchObject({ status: 'approved', reviewed_by: 'operator' });
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // The next start finds the decision and the email it wrote.
    const restarted = startServer(environment(port));
    await restarted.ready;
    expect(await documentOf(second.browser, second.documentId)).toMatchObject({
      status_code: 'approved',
    });
    expect(
      (await mailbox(origin)).find(
        (mail) => mail.to === 'ops-second@example.com' && /was approved/.test(mail.subject),
      ),
    ).toBeDefined();
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    // Two server starts and three CLI processes, each a Node process that compiles the sources.
  }, 360_000);
});

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
