import { describe, expect, it } from 'vitest';
import { signChannel, signUser, verifyApiSignature } from './protocol.ts';

// Vectors from docs/product/realtime.md#signatures and #the-http-trigger-api (Pusher's published examples).
const docs = { appId: '3', key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };

describe('signatures', () => {
  it('signs private, presence and user auth like Pusher does', () => {
    expect(signChannel(docs, '1234.1234', 'private-foobar')).toBe(
      `${docs.key}:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4`,
    );
    expect(
      signChannel(
        docs,
        '1234.1234',
        'presence-foobar',
        '{"user_id":10,"user_info":{"name":"Mr. Pusher"}}',
      ),
    ).toBe(`${docs.key}:afaed3695da2ffd16931f457e338e6c9f2921fa133ce7dac49f529792be6304c`);
    expect(signUser(docs, '1234.1234', '{"id":"12345"}')).toBe(
      `${docs.key}:4708d583dada6a56435fb8bc611c77c359a31eebde13337c16ab43aa6de336ba`,
    );
  });
});

describe('HTTP API signature', () => {
  const rawBody = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
  const query = {
    auth_key: docs.key,
    auth_timestamp: '1353088179',
    auth_version: '1.0',
    body_md5: 'ec365a775a4cd0599faeb73354201b6f',
    auth_signature: 'da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c',
  };
  const request = { method: 'POST', path: '/apps/3/events', query, rawBody };

  it('accepts the documented vector', () => {
    expect(verifyApiSignature(docs, request, 1353088179 + 5)).toEqual({ ok: true });
  });

  it('refuses a stale timestamp, a changed body, a wrong signature or key', () => {
    expect(verifyApiSignature(docs, request, 1353088179 + 601).ok).toBe(false);
    expect(verifyApiSignature(docs, { ...request, rawBody: `${rawBody} ` }, 1353088179).ok).toBe(
      false,
    );
    expect(
      verifyApiSignature(
        docs,
        { ...request, query: { ...query, auth_signature: '00' } },
        1353088179,
      ).ok,
    ).toBe(false);
    expect(verifyApiSignature({ ...docs, key: 'other' }, request, 1353088179).ok).toBe(false);
  });
});
