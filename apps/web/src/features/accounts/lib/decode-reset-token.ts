/** Longest token the server accepts (contracts: resetPasswordRequestSchema). */
const MAX_TOKEN_LENGTH = 256;

const base64Alphabet = /^[A-Za-z0-9+/]*={0,2}$/;

function hasControlCharacter(value: string): boolean {
  return [...value].some((character) => {
    const code = character.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
}

/**
 * The reset token from the route: the link carries it base64-encoded (docs/product/accounts-and-sessions.md#passwords-forgot-reset-change, docs/product/accounts-and-sessions.md#passwords-forgot-reset-change), in the
 * standard or the URL-safe alphabet, with or without padding, possibly still percent-encoded.
 * Null when it is not valid base64 of printable UTF-8 text, so the screen can say the link is
 * broken instead of posting garbage.
 */
export function decodeResetToken(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let encoded = raw.trim();
  if (encoded.includes('%')) {
    try {
      encoded = decodeURIComponent(encoded);
    } catch {
      return null;
    }
  }
  // base64url → base64, then restore the padding that URL-safe encoders drop.
  encoded = encoded.replace(/-/g, '+').replace(/_/g, '/');
  if (encoded === '' || !base64Alphabet.test(encoded)) return null;
  const unpadded = encoded.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return null;
  const padded = unpadded.padEnd(Math.ceil(unpadded.length / 4) * 4, '=');

  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  let token: string;
  try {
    token = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (token === '' || token.length > MAX_TOKEN_LENGTH || hasControlCharacter(token)) return null;
  return token;
}
