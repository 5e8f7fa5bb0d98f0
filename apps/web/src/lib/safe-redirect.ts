/** Longest redirect target we accept; longer values are treated as hostile or broken. */
export const MAX_REDIRECT_LENGTH = 2048;

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    // C0 controls, DEL and C1 controls: browsers strip some of them (tab, CR, LF) from URLs,
    // which can turn "/\t/evil.example" into the protocol-relative "//evil.example".
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * True when `value` is a path on this site: it starts with a single "/", is not
 * protocol-relative ("//host") nor its backslash variant ("/\host", which browsers read as
 * "//host"), has no control characters and is at most 2048 characters long.
 */
export function isSafeRedirect(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_REDIRECT_LENGTH &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\') &&
    !hasControlCharacter(value)
  );
}

/** `value` when it is a safe same-site path, otherwise `fallback`. */
export function safeRedirect(value: unknown, fallback: string): string {
  return isSafeRedirect(value) ? value : fallback;
}
