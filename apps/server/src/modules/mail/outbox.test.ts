import crypto from 'node:crypto';
import { apiPaths, outboxMessageSchema } from '@corridor/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.ts';
import {
  createTestApp,
  createTestDatabase,
  testConfig,
  type TestApp,
} from '../../test/test-app.ts';
import { devMailboxRoutes } from './dev-mailbox.routes.ts';
import { createMailOutboxRepository } from './mail-outbox.repository.ts';
import { createMailer, type MailMessage, type Mailer } from './mailer.ts';
import { signInCode } from './messages.ts';
import { registerMailModule as registerMail } from '../../test/register-mail-module.ts';
import { createStatementCounter } from '../../test/statement-count.ts';
import { waitUntil } from '../../test/wait-for.ts';

let database: DatabaseHandle;
let testApp: TestApp;
let mailer: Mailer;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp({
    database,
    beforeReady: async (app) => {
      // Logs through app.log, so testApp.logs() sees exactly what production would print.
      mailer = createMailer({ config: testConfig(), db: database.db, log: app.log });
      // buildApp may already carry the mailbox (app.ts registers this module); add it if not.
      if (!app.hasRoute({ method: 'GET', url: apiPaths.devMailbox })) {
        await app.register(devMailboxRoutes, { outbox: createMailOutboxRepository(database.db) });
      }
    },
  });
});
afterAll(async () => {
  await testApp?.close();
  await database?.close();
});

/**
 * Waits until the database's clock is past the newest mail's time: two mails stamped in the same
 * instant (the embedded database's clock can tie on a fast machine) have no order but their
 * random ids, so "newest first" needs them apart.
 */
async function databaseClockPassedNewestMail(): Promise<void> {
  await waitUntil(async () => {
    const result = (await database.db.execute(
      sql`select now() > (select max(created_at) from mail_outbox) as passed`,
    )) as unknown as { rows: { passed: boolean }[] };
    return result.rows[0]?.passed === true;
  });
}

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    to: 'ada@example.com',
    subject: 'Hello',
    text: 'Plain body',
    html: '<p>HTML body</p>',
    ...overrides,
  };
}

describe('outbox driver', () => {
  it('is chosen when SMTP_URL is not set', () => {
    expect(mailer.driver).toBe('outbox');
  });

  it('stores every message and lists the newest first', async () => {
    await mailer.send(message({ to: 'first@example.com', subject: 'First' }));
    await databaseClockPassedNewestMail();
    await mailer.send(message({ to: 'second@example.com', subject: 'Second' }));
    const rows = await createMailOutboxRepository(database.db).listNewestFirst();
    expect(rows.slice(0, 2).map((r) => r.subject)).toEqual(['Second', 'First']);
    expect(rows[0]).toMatchObject({
      to: 'second@example.com',
      text: 'Plain body',
      html: '<p>HTML body</p>',
    });
    expect(rows[0]?.created_at).toBeInstanceOf(Date);
    expect((rows[0]?.created_at.getTime() ?? 0) >= (rows[1]?.created_at.getTime() ?? 0)).toBe(true);
  });

  it('stores one mail for an outbox message however often it is delivered', async () => {
    const id = crypto.randomUUID();
    const repeated = message({ to: 'repeat@example.com', subject: 'Delivered twice' });
    await mailer.send(repeated, { id });
    await mailer.send(repeated, { id });
    await Promise.all([mailer.send(repeated, { id }), mailer.send(repeated, { id })]);
    const rows = await createMailOutboxRepository(database.db).listNewestFirst();
    expect(rows.filter((row) => row.to === 'repeat@example.com')).toHaveLength(1);
    // Another outbox message with the same words is another mail.
    await mailer.send(repeated, { id: crypto.randomUUID() });
    const after = await createMailOutboxRepository(database.db).listNewestFirst();
    expect(after.filter((row) => row.to === 'repeat@example.com')).toHaveLength(2);
  });

  it('stores the mails of deliveries made side by side in one statement', async () => {
    const counter = createStatementCounter();
    const counted = await createTestDatabase(counter);
    try {
      const repository = createMailOutboxRepository(counted.db);
      const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      const sent = await counter.during(() =>
        Promise.all(ids.map((id, n) => repository.insert(message({ subject: `Round ${n}` }), id))),
      );
      expect(sent).toHaveLength(1);
      // Delivered again (with a new one beside them): stored once each, read back in one more.
      const again = await counter.during(async () => {
        const stored = await Promise.all(
          [...ids, crypto.randomUUID()].map((id) => repository.insert(message(), id)),
        );
        expect(new Set(stored.map((row) => row.id)).size).toBe(4);
      });
      expect(again).toHaveLength(2);
      const rows = await repository.listNewestFirst();
      expect(rows.map((row) => row.subject).sort()).toEqual([
        'Hello',
        'Round 0',
        'Round 1',
        'Round 2',
      ]);
    } finally {
      await counted.close();
    }
  });

  it('writes one log line per message with the recipient, subject and mailbox, never the body', async () => {
    const code = '583016';
    const mail = signInCode({ to: 'log-check@example.com', code });
    const before = testApp.logs().length;
    await mailer.send(mail);
    const lines = testApp.logs().slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      mail: { to: 'log-check@example.com', subject: mail.subject },
      mailbox: '/dev/mailbox',
    });
    // C48: neither the code nor any part of the body reaches a log line, in any line so far.
    const everything = JSON.stringify(testApp.logs());
    expect(everything).not.toContain(code);
    expect(everything).not.toContain('Enter this code');
  });
});

describe('GET /dev/mailbox.json', () => {
  it('lists the messages newest first, in the contract shape, uncached', async () => {
    await mailer.send(message({ subject: 'Newest', text: 'json body' }));
    const response = await testApp.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = z.array(outboxMessageSchema).parse(response.json());
    expect(list[0]).toMatchObject({ subject: 'Newest', text: 'json body' });
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ['id', 'to', 'subject', 'text', 'html', 'created_at'].sort(),
    );
    const times = list.map((m) => Date.parse(m.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list[0]?.created_at).toMatch(/Z$/);
  });
});

describe('GET /dev/mailbox', () => {
  it('renders an English HTML page titled Mailbox, newest first, uncached', async () => {
    await mailer.send(message({ subject: 'Older page entry' }));
    await databaseClockPassedNewestMail();
    await mailer.send(message({ subject: 'Newer page entry', text: 'Line one\nLine two' }));
    const response = await testApp.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<title>Mailbox</title>');
    expect(page).toContain('<pre>Line one\nLine two</pre>');
    expect(page.indexOf('Newer page entry')).toBeLessThan(page.indexOf('Older page entry'));
  });

  it('escapes everything a message holds', async () => {
    await mailer.send(
      message({
        to: '"<b>x</b>"@example.com',
        subject: '<script>alert(1)</script>',
        text: 'Body </pre><img src=x onerror=alert(2)> & more',
      }),
    );
    const page = (await testApp.app.inject({ method: 'GET', url: '/dev/mailbox' })).body;
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&quot;&lt;b&gt;x&lt;/b&gt;&quot;@example.com');
    expect(page).toContain('Body &lt;/pre&gt;&lt;img src=x onerror=alert(2)&gt; &amp; more');
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<b>x');
  });

  it('makes web links in the text clickable, escaped', async () => {
    await mailer.send(
      message({ text: 'Open https://app.example.com/reset-password/abc?a=1&b=2 now' }),
    );
    const page = (await testApp.app.inject({ method: 'GET', url: '/dev/mailbox' })).body;
    expect(page).toContain(
      'Open <a href="https://app.example.com/reset-password/abc?a=1&amp;b=2" rel="noreferrer">https://app.example.com/reset-password/abc?a=1&amp;b=2</a> now',
    );
  });

  it('stays out of the OpenAPI document', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/docs' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths).filter((p) => p.startsWith('/dev/'))).toEqual([]);
  });
});

describe('the mail module', () => {
  it('adds the dev mailbox routes with the outbox driver', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    try {
      const registered = await registerMail(app, { config: testConfig(), db: database.db });
      await app.ready();
      expect(registered.driver).toBe('outbox');
      expect(app.hasRoute({ method: 'GET', url: '/dev/mailbox' })).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('leaves them out when APP_URL is a public origin, even with the outbox driver', async () => {
    const app = Fastify();
    try {
      const registered = await registerMail(app, {
        config: testConfig({
          APP_URL: 'https://send.example.com',
          ALLOW_SANDBOX_PROVIDERS: 'true',
        }),
        db: database.db,
      });
      await app.ready();
      expect(registered.driver).toBe('outbox');
      expect(app.hasRoute({ method: 'GET', url: '/dev/mailbox' })).toBe(false);
      expect(app.hasRoute({ method: 'GET', url: '/dev/mailbox.json' })).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('leaves them out with the SMTP driver', async () => {
    const smtpApp = await createTestApp({
      database,
      env: { SMTP_URL: 'smtp://127.0.0.1:2525' },
      beforeReady: async (app) => {
        const smtpMailer = await registerMail(app, {
          config: testConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }),
          db: database.db,
        });
        expect(smtpMailer.driver).toBe('smtp');
      },
    });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
        expect((await smtpApp.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await smtpApp.close();
    }
  });
});
