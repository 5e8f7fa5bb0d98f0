import crypto from 'node:crypto';

/**
 * Signed callbacks (docs/decisions/0046-signed-provider-callbacks.md): the header
 * `Corridor-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`, where each `v1` is
 * HMAC-SHA256(secret, `${t}.${raw body}`). Checked on the raw bytes before anything is parsed,
 * compared in constant time, and refused outside a tolerance window on the injected clock. Pure.
 */

export const SIGNATURE_HEADER = 'corridor-signature';

/** How far a callback's timestamp may be from our clock, either way (Stripe's default). */
export const CALLBACK_TOLERANCE_SECONDS = 300;

/** A time as whole seconds since the epoch, as signatures carry it. */
export const unixSeconds = (at: Date): number => Math.floor(at.getTime() / 1000);

const hmac = (secret: string, payload: string) =>
  crypto.createHmac('sha256', secret).update(payload, 'utf8').digest('hex');

/** The header value for `rawBody` sent at `at`, signed with `secret`. */
export function signCallback(rawBody: string, secret: string, at: Date): string {
  const t = unixSeconds(at);
  return `t=${t},v1=${hmac(secret, `${t}.${rawBody}`)}`;
}

export type SignatureCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/** Equal hex strings, compared in constant time (lengths are public: 64). */
function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * Whether `header` signs `rawBody` with one of `secrets` (two during a rotation), at a time
 * within the tolerance of `now`.
 */
export function verifyCallback(
  rawBody: string,
  header: string | undefined,
  secrets: readonly string[],
  now: Date,
  toleranceSeconds = CALLBACK_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  let t: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=');
    if (value === undefined || rest.length > 0) return { ok: false, reason: 'malformed' };
    if (key === 't') t = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0 || signatures.length > 4) {
    return { ok: false, reason: 'malformed' };
  }
  if (Math.abs(now.getTime() / 1000 - Number(t)) > toleranceSeconds) {
    return { ok: false, reason: 'stale' };
  }
  const expected = secrets.map((secret) => hmac(secret, `${t}.${rawBody}`));
  // Every pair is compared, so the time taken does not say which secret or signature matched.
  let matched = false;
  for (const signature of signatures) {
    for (const candidate of expected) matched = sameHex(signature, candidate) || matched;
  }
  return matched ? { ok: true } : { ok: false, reason: 'mismatch' };
}
