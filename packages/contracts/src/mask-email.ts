/**
 * Hides most of an email's local part, e.g. `ada@example.com` → `ad***@example.com`, so a screen
 * can say where a code went without showing the whole address to someone looking over a shoulder.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at === -1 ? email : email.slice(0, at);
  const domain = at === -1 ? '' : email.slice(at);
  // Code points, so an emoji or accented letter is never cut in half.
  const characters = [...local];
  const keep = characters.length > 2 ? 2 : 1;
  return `${characters.slice(0, keep).join('')}***${domain}`;
}
