import crypto from 'node:crypto';
import { constantTimeEqual } from '../../../lib/hashing.ts';

/**
 * The sandbox liveness provider's token (issue 16): `lv1.<customerId>.<expires>.<signature>`,
 * an HMAC-SHA256 of the rest with a key derived from the app key for this purpose alone, so it
 * can sign nothing else. Short-lived (10 minutes on the injected clock); nothing is stored.
 */
export const LIVELINESS_TOKEN_TTL_SECONDS = 10 * 60;

const VERSION = 'lv1';
const SHAPE =
  /^lv1\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface LivelinessTokens {
  issue(customerId: string, now: Date): { token: string; expiresAt: Date };
  /** The customer and expiry of a genuine token still valid at `now`, else null. */
  verify(token: string, now: Date): { customerId: string; expiresAt: Date } | null;
}

export function createLivelinessTokens(appKey: Buffer): LivelinessTokens {
  const key = crypto.createHmac('sha256', appKey).update('corridor:liveliness-token:v1').digest();
  const sign = (payload: string) =>
    crypto.createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(customerId, now) {
      const expiresSeconds = Math.floor(now.getTime() / 1000) + LIVELINESS_TOKEN_TTL_SECONDS;
      const payload = `${VERSION}.${customerId.toLowerCase()}.${expiresSeconds}`;
      return {
        token: `${payload}.${sign(payload)}`,
        expiresAt: new Date(expiresSeconds * 1000),
      };
    },
    verify(token, now) {
      const match = SHAPE.exec(token);
      if (!match) return null;
      const [, customerId = '', expires = '', signature = ''] = match;
      if (!constantTimeEqual(signature, sign(`${VERSION}.${customerId}.${expires}`))) return null;
      const expiresAt = new Date(Number(expires) * 1000);
      return expiresAt.getTime() > now.getTime() ? { customerId, expiresAt } : null;
    },
  };
}
