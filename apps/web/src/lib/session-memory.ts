/**
 * What the app remembers for the tab's session beyond a screen's life (the calculator's amount
 * and corridor): in sessionStorage, so a reload keeps it and closing the tab forgets it, and in
 * memory where the browser refuses storage (private modes, a full quota). Forgotten with the
 * session on sign-out (features/accounts/lib/sign-out.ts): nothing of one customer's is shown
 * to whoever signs in next in the tab.
 */

const PREFIX = 'corridor.session.';

/** Where storage failed: the values kept for this page's life only. */
const inMemory = new Map<string, string>();

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Keeps `value` (anything JSON can write) under `name` for the tab's session. */
export function rememberInSession(name: string, value: unknown): void {
  const text = JSON.stringify(value);
  inMemory.set(name, text);
  try {
    storage()?.setItem(PREFIX + name, text);
  } catch {
    // Full or refused: the copy in memory serves until the page is left.
  }
}

/** What was kept under `name`, as JSON read it back; undefined when nothing (or not JSON). */
export function recallFromSession(name: string): unknown {
  let text: string | null | undefined;
  try {
    text = storage()?.getItem(PREFIX + name);
  } catch {
    text = undefined;
  }
  text ??= inMemory.get(name);
  if (text === undefined || text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Forgets what was kept under `name` (a draft once it is used). */
export function forgetInSession(name: string): void {
  inMemory.delete(name);
  try {
    storage()?.removeItem(PREFIX + name);
  } catch {
    // Storage refused: there was nothing in it of ours.
  }
}

/** Forgets everything kept for the session (sign-out, a session ended elsewhere). */
export function forgetSessionMemory(): void {
  inMemory.clear();
  const store = storage();
  if (store === undefined) return;
  try {
    const names = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of names) if (key?.startsWith(PREFIX)) store.removeItem(key);
  } catch {
    // Storage refused: there was nothing in it of ours.
  }
}
