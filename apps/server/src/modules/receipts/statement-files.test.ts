import { describe, expect, it } from 'vitest';
import { mailMessages } from '../mail/index.ts';
import { parseCsv } from './csv-test-kit.ts';
import { csvField, statementCsv } from './statement-files.ts';

describe('the statement CSV (RFC 4180, security checklist: CSV injection)', () => {
  it('defuses a cell that a spreadsheet would run as a formula, and quotes what needs it', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-x')).toBe("'-x");
    expect(csvField('\tTab')).toBe("'\tTab");
    expect(csvField('Ruiz, Ana')).toBe('"Ruiz, Ana"');
    expect(csvField('line\r\nbreak')).toBe('"line\r\nbreak"');
    // Amounts are numbers, not formulas: a negative stays a number.
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('12.50')).toBe('12.50');
  });

  it('writes one row per transfer with decimal strings, and parses back', () => {
    const csv = statementCsv({
      rows: [
        {
          id: 't1',
          transaction_number: 'TP1',
          created_at: new Date('2026-11-29T10:00:00.000Z'),
          state: 'PAYOUT-SUCCESS',
          recipient_id: 'r1',
          send_currency: 'GBP',
          send_minor: 100050n,
          fee_minor: 99n,
          total_minor: 100149n,
          receive_currency: 'JPY',
          receive_minor: 190000n,
          our_rate: '189.9',
          paid: true,
        },
      ],
      recipients: new Map([['r1', '=Evil, "Name"']]),
      startDate: '2026-11-29',
      endDate: '2026-11-29',
      currency: null,
      locale: 'en',
      now: new Date('2026-11-29T12:00:00.000Z'),
    }).toString('utf8');
    const [, row] = parseCsv(csv);
    expect(row).toEqual([
      '2026-11-29T10:00:00.000Z',
      'TP1',
      'PAYOUT-SUCCESS',
      '\'=Evil, "Name"',
      'GBP',
      '1000.50',
      '0.99',
      '1001.49',
      '1001.49',
      'JPY',
      '190000',
      '189.9',
    ]);
  });
});

describe('the statement email (EN+ES)', () => {
  it('links the download and says until when, in the customer’s language', () => {
    const view = {
      to: 'ana@example.com',
      startDate: '2026-11-01',
      endDate: '2026-11-29',
      downloadUrl: 'http://127.0.0.1:8080/client/v1/transaction/statement/x/download',
      expiresAt: new Date('2026-12-06T12:00:00.000Z'),
    };
    const en = mailMessages.statementReady({ ...view, locale: 'en' });
    expect(en.subject).toBe('Your Corridor statement is ready');
    expect(en.text).toContain(view.downloadUrl);
    const es = mailMessages.statementReady({ ...view, locale: 'es' });
    expect(es.subject).toBe('Tu extracto de Corridor está listo');
    expect(es.text).toContain('del 2026-11-01 al 2026-11-29');
    expect(() =>
      mailMessages.statementReady({ ...view, locale: 'en', downloadUrl: 'javascript:alert(1)' }),
    ).toThrow();
  });
});
