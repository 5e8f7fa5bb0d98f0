/**
 * A hosted provider's page (`payment.payment_url`) as a link target, or null when it is not an
 * http(s) address: the link is followed in this tab, so nothing else (a `javascript:` URL) may
 * ride in it (docs/product/sending-money.md#paying-by-card).
 */
export function hostedPageUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    const { protocol } = new URL(url, window.location.origin);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
