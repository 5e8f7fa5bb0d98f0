import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { createTestDatabase, testConfig } from '../../test/test-app.ts';
import { createMailer, type MailLog } from './mailer.ts';
import { passwordResetLink, signInCode } from './messages.ts';

interface Received {
  mailFrom: string | undefined;
  rcptTo: string[];
  raw: string;
}

/** A local SMTP sink on a free loopback port: no TLS, no auth, keeps what it receives. */
async function startSmtpSink(overrides: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...overrides,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for the assertions: unfolded headers and decoded parts by content type. */
function parseMime(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const headerText = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    new RegExp(`^${name}: (.*)$`, 'im').exec(headerText)?.[1]?.trim();
  const boundary = /boundary="?([^";]+)"?/.exec(header('Content-Type') ?? '')?.[1];
  const parts = new Map<string, string>();
  for (const part of boundary ? body.split(`--${boundary}`).slice(1, -1) : []) {
    const end = part.indexOf('\r\n\r\n');
    const partHeaders = part.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
    const content = part.slice(end + 4).replace(/\r\n$/, '');
    const type = /content-type: ([^;\r\n]+)/i.exec(partHeaders)?.[1]?.trim() ?? '';
    const encoding = /content-transfer-encoding: (\S+)/i.exec(partHeaders)?.[1]?.toLowerCase();
    parts.set(type, decode(content, encoding));
  }
  return { header, parts };
}

function decode(content: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(content, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return content;
  const bytes: number[] = [];
  const soft = content.replace(/=\r\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? /^[0-9A-F]{2}$/i.exec(soft.slice(i + 1, i + 3))?.[0] : undefined;
    if (hex) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function recorder() {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  const log: MailLog = {
    info: (details, message) => {
      lines.push({ details, message });
    },
  };
  return { log, lines };
}

let database: DatabaseHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

describe('SMTP driver', () => {
  it('is chosen when SMTP_URL is set', async () => {
    sink = await startSmtpSink();
    const config = testConfig({ SMTP_URL: sink.url });
    expect(createMailer({ config, db: database.db, log: recorder().log }).driver).toBe('smtp');
  });

  it('delivers From, To, Subject and both the text and HTML parts to a real SMTP server', async () => {
    sink = await startSmtpSink();
    const { log, lines } = recorder();
    const mailer = createMailer({
      config: testConfig({ SMTP_URL: sink.url, MAIL_FROM: 'Corridor Test <mail@corridor.test>' }),
      db: database.db,
      log,
    });
    const message = signInCode({ to: 'ada@example.com', code: '604218' });
    await mailer.send(message);

    expect(sink.received).toHaveLength(1);
    const [delivered] = sink.received;
    expect(delivered?.mailFrom).toBe('mail@corridor.test');
    expect(delivered?.rcptTo).toEqual(['ada@example.com']);
    const { header, parts } = parseMime(delivered?.raw ?? '');
    expect(header('From')).toBe('Corridor Test <mail@corridor.test>');
    expect(header('To')).toBe('ada@example.com');
    expect(header('Subject')).toBe(message.subject);
    expect(header('Content-Type')).toMatch(/^multipart\/alternative/);
    expect(parts.get('text/plain')).toBe(message.text.replace(/\n/g, '\r\n'));
    expect(parts.get('text/html')).toContain('604218');
    expect(parts.get('text/html')).toContain('<html lang="en">');

    // One line with the recipient and subject; the code stays out of it (C48).
    expect(lines).toHaveLength(1);
    expect(lines[0]?.details).toMatchObject({
      mail: { to: 'ada@example.com', subject: message.subject },
    });
    expect(JSON.stringify(lines)).not.toContain('604218');
    expect(JSON.stringify(lines)).not.toContain('Enter this code');
  });

  it('gives every delivery of one outbox message the same Message-ID', async () => {
    sink = await startSmtpSink();
    const mailer = createMailer({
      config: testConfig({ SMTP_URL: sink.url, MAIL_FROM: 'Corridor Test <mail@corridor.test>' }),
      db: database.db,
      log: recorder().log,
    });
    const message = signInCode({ to: 'ada@example.com', code: '604218' });
    const id = '0b4f7c1e-2d3a-4e5f-8a9b-0c1d2e3f4a5b';
    await mailer.send(message, { id });
    await mailer.send(message, { id });
    await mailer.send(message);
    const ids = sink.received.map((mail) => parseMime(mail.raw).header('Message-ID'));
    expect(ids[0]).toBe(`<${id}@corridor.test>`);
    expect(ids[1]).toBe(ids[0]);
    // Without an outbox message, nodemailer makes a fresh one.
    expect(ids[2]).toMatch(/^<.+@.+>$/);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('rejects when the server refuses the recipient, and logs nothing', async () => {
    sink = await startSmtpSink({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
    });
    const { log, lines } = recorder();
    const mailer = createMailer({
      config: testConfig({ SMTP_URL: sink.url }),
      db: database.db,
      log,
    });
    const message = passwordResetLink({
      to: 'gone@example.com',
      url: 'https://app.example.com/reset-password/c2VjcmV0',
    });
    await expect(mailer.send(message)).rejects.toThrow(/550|Mailbox unavailable|recipients/i);
    expect(sink.received).toHaveLength(0);
    expect(lines).toHaveLength(0);
  });

  it('rejects when nothing listens on the SMTP port', async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const mailer = createMailer({
      config: testConfig({ SMTP_URL: closed.url }),
      db: database.db,
      log: recorder().log,
    });
    await expect(
      mailer.send(signInCode({ to: 'ada@example.com', code: '111111' })),
    ).rejects.toThrow();
  });
});
