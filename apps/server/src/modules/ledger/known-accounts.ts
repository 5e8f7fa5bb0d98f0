/**
 * The ledger accounts this process knows exist, so a recording creates an account only the first
 * time it sees it (docs/decisions/0041-balances-on-accounts.md). Never wrong: an id is added only
 * after the commit of a transaction that inserted it or found it there, and accounts are never
 * deleted (a trigger refuses it). Bounded: the least recently
 * used ids are forgotten, which costs one `insert … on conflict do nothing` when they come back.
 */
export interface KnownAccounts {
  has(id: string): boolean;
  add(id: string): void;
}

/** Enough for the hot accounts and the transit accounts of every transfer in flight. */
const DEFAULT_CAPACITY = 50_000;

export function createKnownAccounts(capacity = DEFAULT_CAPACITY): KnownAccounts {
  // A Map keeps insertion order: its first key is the least recently used.
  const ids = new Map<string, true>();
  return {
    has(id) {
      if (!ids.has(id)) return false;
      ids.delete(id);
      ids.set(id, true);
      return true;
    },
    add(id) {
      ids.delete(id);
      ids.set(id, true);
      if (ids.size > capacity) {
        const oldest = ids.keys().next();
        if (!oldest.done) ids.delete(oldest.value);
      }
    },
  };
}
