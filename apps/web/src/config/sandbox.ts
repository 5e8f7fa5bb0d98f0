/**
 * Sandbox providers run on a public URL, by the server's ALLOW_SANDBOX_PROVIDERS: every screen
 * says no real money moves (docs/decisions/0034-sandboxes-only-by-choice.md). The server tells it
 * in the page; read when asked, never at import (the build's prerender has no page).
 */
export const sandboxNotice = (): boolean =>
  document.querySelector('meta[name="corridor-sandbox"]') !== null;
