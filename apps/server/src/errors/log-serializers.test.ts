import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { formatError, redactText, redactUrl, serializeError } from './log-serializers.ts';

/** What node-postgres and PGlite throw for a unique violation: the row is in `detail`. */
function uniqueViolation() {
  return Object.assign(
    new Error('duplicate key value violates unique constraint "accounts_email_unique"'),
    {
      severity: 'ERROR',
      code: '23505',
      detail: 'Key (email_normalized)=(ada@example.com) already exists.',
      where: 'SQL statement "insert … values (\'Ada Lovelace\')"',
      hint: 'Ada Lovelace',
      schema: 'public',
      table: 'accounts',
      constraint: 'accounts_email_unique',
      routine: '_bt_check_unique',
      params: ['Ada Lovelace', 'ada@example.com'],
      query: 'insert into "accounts" ("name", "email") values ($1, $2)',
    },
  );
}

const personal = /Lovelace|ada@example\.com/;

describe('serializeError', () => {
  it('defect 3: a failed query keeps its SQL text and codes, never its params or detail', () => {
    const error = new DrizzleQueryError(
      'insert into "accounts" ("name", "email") values ($1, $2)',
      ['Ada Lovelace', 'ada@example.com'],
      uniqueViolation(),
    );
    const serialized = serializeError(error);
    expect(JSON.stringify(serialized)).not.toMatch(personal);
    expect(serialized).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'insert into "accounts" ("name", "email") values ($1, $2)',
      message: expect.stringContaining('params: [redacted]'),
      cause: {
        type: 'DatabaseError',
        message: 'duplicate key value violates unique constraint "accounts_email_unique"',
        code: '23505',
        table: 'accounts',
        constraint: 'accounts_email_unique',
      },
    });
    expect(serialized.stack).toMatch(/\n\s+at /);
    expect(formatError(error)).not.toMatch(personal);
    expect(formatError(error)).toContain('code: 23505');
  });

  it('defect 3: values PostgreSQL quotes in its message are redacted, names of the schema stay', () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "Ada Lovelace"'), {
      severity: 'ERROR',
      code: '22P02',
    });
    expect(serializeError(error).message).toBe('invalid input syntax for type uuid: "[redacted]"');
    const notNull = Object.assign(
      new Error('null value in column "email" of relation "accounts" violates not-null constraint'),
      { severity: 'ERROR', code: '23502' },
    );
    expect(serializeError(notNull).message).toBe(notNull.message);
  });

  it('defect 3: properties outside the allow-list never reach the log (an unparsable request, a nested error)', () => {
    const clientError = Object.assign(new Error('Parse Error: Invalid header token'), {
      code: 'HPE_INVALID_HEADER_TOKEN',
      rawPacket: Buffer.from('GET / HTTP/1.1\r\nCookie: corridor_session=secret\r\n'),
    });
    expect(JSON.stringify(serializeError(clientError))).not.toContain('secret');
    const aggregate = new AggregateError([uniqueViolation()], 'several failed');
    expect(JSON.stringify(serializeError(aggregate))).not.toMatch(personal);
    expect(serializeError('plain text')).toMatchObject({ type: 'string', message: 'plain text' });
  });
});

describe('redactUrl', () => {
  it('defect 11: the reset-password token never survives, however the path is spelled', () => {
    const token = 'q8N3v2bM1xWz9kL0pR7sT4uY6aC5dE3fG1hJ2kL3mN4';
    for (const url of [
      `/reset-password/${token}`,
      `/reset-password/${token}/`,
      `/RESET-PASSWORD/${token}`,
      `//reset-password/${token}`,
      `/reset%2Dpassword/${token}`,
      `/reset-password/${token}?utm=1`,
    ]) {
      expect(redactUrl(url), url).not.toContain(token);
      expect(redactUrl(url)).toMatch(/\/\[redacted\]/);
    }
    expect(redactText(`Reply was already sent in the "/reset-password/${token}" route`)).toBe(
      'Reply was already sent in the "/reset-password/[redacted]" route',
    );
  });

  it('defect 11: query values are redacted unless known to be harmless', () => {
    expect(redactUrl('/client/v1/devices?page=2')).toBe('/client/v1/devices?page=2');
    expect(redactUrl('/?token=abc&redirect=%2Freset-password%2Fabc')).toBe(
      '/?token=[redacted]&redirect=[redacted]',
    );
    expect(redactUrl('/apps/1/events?auth_key=k&auth_signature=s&body_md5=m')).toBe(
      '/apps/1/events?auth_key=[redacted]&auth_signature=[redacted]&body_md5=[redacted]',
    );
    expect(redactUrl('/?a-bare-secret')).toBe('/?[redacted]');
    expect(redactUrl('/client/v1/countries')).toBe('/client/v1/countries');
  });
});
