/**
 * Requests sent together form a group only when they reach it in the same turn of the event loop
 * (docs/decisions/0058-grouped-requests.md): a group commit, decided by timing. On a busy machine
 * (CI) requests sent at once may still each run alone, and a test of what a group does would then
 * prove nothing. Such a test runs its requests in rounds, each with fresh data, until one formed a
 * group: `round` answers whether it did. Every round's answers are checked as usual; only the
 * forming of a group is waited for, and at most `rounds` times.
 */
export async function untilGrouped(
  round: (index: number) => Promise<boolean>,
  rounds = 5,
): Promise<number> {
  for (let index = 0; index < rounds; index += 1) {
    if (await round(index)) return index + 1;
  }
  throw new Error(`no group formed in ${rounds} rounds of requests sent together`);
}
