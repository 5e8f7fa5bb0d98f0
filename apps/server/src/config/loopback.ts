/** localhost, 127.0.0.0/8 or ::1 (bare or bracketed): a name no other machine answers to. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return (
    name === 'localhost' ||
    name === '::1' ||
    name === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  );
}

/** An origin (APP_URL) that only this machine reaches. */
export const isLoopbackOrigin = (origin: string): boolean =>
  isLoopbackHostname(new URL(origin).hostname);
