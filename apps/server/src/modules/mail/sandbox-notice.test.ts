import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type Locale } from '@corridor/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';
import { waitUntil } from '../../test/wait-for.ts';
import { createReviewNotifier } from '../documents/review/review-notifier.ts';
import { createMailOutboxRepository } from './mail-outbox.repository.ts';
import type { MailMessage } from './mail-port.ts';
import * as messages from './messages.ts';
import { Money } from '../../lib/money.ts';

const notice: Record<Locale, string> = {
  en: 'Sandbox: no real money moves.',
  es: 'Sandbox: no se mueve dinero real.',
};

/** Every template the mail module has, addressed in `locale`, with or without the notice. */
function everyTemplate(locale: Locale, sandboxNotice: boolean): [string, MailMessage][] {
  const base = { to: 'ada@example.com', locale, sandboxNotice };
  const at = new Date('2026-03-05T09:07:30Z');
  const url = 'https://send.example.com/account-verification';
  const transfer = {
    ...base,
    transactionNumber: 'TP0123456789',
    recipientName: 'Priya Sharma',
    paid: Money.fromMinor(10200n, 'GBP'),
    receives: Money.fromMinor(1050000n, 'INR'),
    transferUrl: 'https://send.example.com/transaction/1',
  };
  return [
    ['emailVerificationCode', messages.emailVerificationCode({ ...base, code: '048213' })],
    ['signInCode', messages.signInCode({ ...base, code: '048213' })],
    ['passwordResetLink', messages.passwordResetLink({ ...base, url })],
    ['newSignIn', messages.newSignIn({ ...base, device: 'Firefox', ip: null, at })],
    ['passwordChanged', messages.passwordChanged({ ...base, at })],
    ['signUpAttempt', messages.signUpAttempt(base)],
    ['codeGuessing', messages.codeGuessing(base)],
    ['documentApproved', messages.documentApproved({ ...base, document: 'Passport', url })],
    [
      'documentRejected',
      messages.documentRejected({ ...base, document: 'Passport', reason: 'Blurred.', url }),
    ],
    ['transferPaymentReceived', messages.transferPaymentReceived({ ...transfer, cancelUntil: at })],
    [
      'transferOnHold',
      messages.transferOnHold({ ...transfer, reason: 'Why.', action: 'Wait.', uploadUrl: url }),
    ],
    ['transferPaidOut', messages.transferPaidOut({ ...transfer, cashPickup: true })],
    ['transferPayoutFailed', messages.transferPayoutFailed(transfer)],
    ['transferRefunded', messages.transferRefunded({ ...transfer, refunded: transfer.paid })],
    [
      'paymentRefunded',
      messages.paymentRefunded({
        ...transfer,
        kind: 'promise-fee',
        refunded: Money.fromMinor(200n, 'GBP'),
        destination: 'card',
      }),
    ],
    [
      'statementReady',
      messages.statementReady({
        ...base,
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        downloadUrl: url,
        expiresAt: at,
      }),
    ],
  ];
}

describe('issue 28: every email says no real money moves while sandboxes run by permission', () => {
  it('puts the line first in every template, in both languages, as text and as HTML', () => {
    // No template is left out: every function the module exports but the time format.
    const templates = Object.entries(messages)
      .filter(([name, value]) => typeof value === 'function' && name !== 'formatMailTime')
      .map(([name]) => name);
    expect(
      everyTemplate('en', true)
        .map(([name]) => name)
        .sort(),
    ).toEqual(templates.sort());
    for (const locale of ['en', 'es'] as const) {
      for (const [name, message] of everyTemplate(locale, true)) {
        expect(message.text.startsWith(`${notice[locale]}\n\n`), `${name} ${locale}`).toBe(true);
        expect(message.html, `${name} ${locale}`).toContain(`>${notice[locale]}</p>`);
      }
      for (const [name, message] of everyTemplate(locale, false)) {
        expect(`${message.text}${message.html}`, name).not.toContain('Sandbox');
      }
    }
  });

  describe('through the app', () => {
    let allowed: TestApp;
    beforeAll(async () => {
      allowed = await createTestApp({
        env: { APP_URL: 'https://send.example.com', ALLOW_SANDBOX_PROVIDERS: 'true' },
      });
    });
    afterAll(async () => {
      await allowed.close();
    });

    it('writes it into the mail a sign-up sends, in the customer’s language', async () => {
      const outbox = createMailOutboxRepository(allowed.database.db);
      for (const [email, locale] of [
        ['sandbox-en@example.com', 'en'],
        ['sandbox-es@example.com', 'es'],
      ] as const) {
        const response = await new TestBrowser(allowed.app).post(apiPaths.signup, {
          email,
          password: STRONG_PASSWORD,
          confirm_password: STRONG_PASSWORD,
          locale,
        });
        expect(response.statusCode).toBe(201);
        let mail: MailMessage | undefined;
        await waitUntil(async () => {
          mail = (await outbox.listNewestFirst()).find((row) => row.to === email);
          return mail !== undefined;
        });
        expect(mail?.text.startsWith(`${notice[locale]}\n\n`)).toBe(true);
        expect(mail?.html).toContain(notice[locale]);
      }
    });

    it('the review emails carry it when told to', async () => {
      const sent: MailMessage[] = [];
      const notifier = createReviewNotifier(
        {
          add: async (_tx, message) => {
            sent.push(message.payload as unknown as MailMessage);
            return String(sent.length);
          },
        },
        { appUrl: 'https://send.example.com', sandboxNotice: true },
      );
      const document = {
        category: 'POI' as const,
        type: 'PASSPORT',
        to: { email: 'ada@example.com', locale: 'es' as const },
      };
      await notifier.approved(allowed.database.db, document);
      await notifier.rejected(allowed.database.db, document, 'The photo is blurred.');
      expect(sent).toHaveLength(2);
      for (const message of sent) expect(message.text).toContain(notice.es);
    });
  });
});
