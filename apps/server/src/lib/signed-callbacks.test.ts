import { describe, expect, it } from 'vitest';
import { signCallback, verifyCallback } from './signed-callbacks.ts';

/** The signature scheme alone (docs/decisions/0046-signed-provider-callbacks.md). */
describe('signed callbacks', () => {
  const secret = 'k'.repeat(32);
  const next = 'n'.repeat(32);
  const at = new Date('2026-11-29T10:00:00Z');
  const body = '{"id":"evt_1"}';

  it('accepts its own signature within the tolerance, either way', () => {
    const header = signCallback(body, secret, at);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyCallback(body, header, [secret], at)).toEqual({ ok: true });
    expect(verifyCallback(body, header, [secret], new Date(at.getTime() + 300_000)).ok).toBe(true);
    expect(verifyCallback(body, header, [secret], new Date(at.getTime() - 300_000)).ok).toBe(true);
  });

  it('refuses stale, changed, foreign, missing and malformed signatures', () => {
    const header = signCallback(body, secret, at);
    const late = new Date(at.getTime() + 301_000);
    expect(verifyCallback(body, header, [secret], late)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyCallback(`${body} `, header, [secret], at)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyCallback(body, header, [next], at).ok).toBe(false);
    expect(verifyCallback(body, undefined, [secret], at)).toEqual({ ok: false, reason: 'missing' });
    for (const bad of ['t=1', 'v1=ab', 't=x,v1=ab', 't=1,v1=a=b', 'garbage']) {
      expect(verifyCallback(body, bad, [secret], at)).toEqual({ ok: false, reason: 'malformed' });
    }
    // The timestamp is signed: moving it breaks the signature.
    const moved = header.replace(/^t=(\d+)/, (_, t: string) => `t=${Number(t) + 1}`);
    expect(verifyCallback(body, moved, [secret], at).ok).toBe(false);
  });

  it('verifies with either of two secrets during a rotation', () => {
    expect(verifyCallback(body, signCallback(body, next, at), [secret, next], at).ok).toBe(true);
    // A provider signing with both during its own rotation: any v1 matching is enough.
    const both = `${signCallback(body, next, at)},v1=${'0'.repeat(64)}`;
    expect(verifyCallback(body, both, [next], at).ok).toBe(true);
  });
});
