const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Makes any value safe inside HTML text and quoted attribute values. Every interpolated value in
 * mail and in the dev mailbox goes through this, since addresses, subjects and device names can
 * come from whoever sent the request.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}
