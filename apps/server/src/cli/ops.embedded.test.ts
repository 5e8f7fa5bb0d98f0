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
import { afterAll, describe, expect, it } from 'vitest';
import { idsOf } from '../modules/documents/documents-test-kit.ts';
import { jpegFile } from '../test/document-files.ts';
import { FetchBrowser } from '../test/fetch-browser.ts';
import {
  embeddedServerEnvironment,
  freePort,
  killRunningServers,
  startServer,
} from '../test/server-process.ts';
import { runOps as opsIn, runOpsProcess } from '../test/ops-cli.ts';
import { STRONG_PASSWORD } from '../test/test-browser.ts';
import { waitUntil } from '../test/wait-for.ts';

/**
 * `npm run ops` against real processes (decision 0023): with the embedded database the CLI asks
 * the running server over DATA_DIR/ops.sock and never opens the folder itself; with no server
 * running it opens the database, as a server would. Documents are handed in over HTTP as a
 * browser does, reviewed by the server's job (no delay), and decided by the CLI. The CLI runs in
 * this process (test/ops-cli.ts), but as its own process (the real binary) once for each way it
 * reaches the database and once for a refusal: those prove the wiring.
 *
 * Only embedded servers: the PostgreSQL pass of CI leaves `*.embedded.test.ts` to the embedded
 * one (docs/architecture.md#tests).
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
