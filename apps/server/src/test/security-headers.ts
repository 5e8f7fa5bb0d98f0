/** The security headers every answer that is not an HTML page carries (security-checklist C36). */
export const API_SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
] as const;

/** helmet's headers, which the SPA's HTML pages carry besides (C36). */
export const PAGE_SECURITY_HEADER_NAMES = [
  ...API_SECURITY_HEADER_NAMES,
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
