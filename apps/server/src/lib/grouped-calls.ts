/**
 * Calls of `run` gathered into groups (docs/decisions/0058-grouped-requests.md): the first call
 * waits for the end of its turn of the event loop, as `batchedPerTurn` does
 * (modules/sessions/turn-batch.ts); while `inFlight` groups run, later calls wait and go together
 * as the next group once one ends, so the busier the process, the larger its groups (a group
 * commit). `run` answers each call in the order given; a failure fails its whole group.
 */
export function groupedCalls<Q, A>(
  run: (asked: readonly Q[]) => Promise<readonly A[]>,
  { inFlight = 1, maxSize = 200 }: { inFlight?: number; maxSize?: number } = {},
): (question: Q) => Promise<A> {
  let waiting: { question: Q; resolve: (answer: A) => void; reject: (error: unknown) => void }[] =
    [];
  let running = 0;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || running >= inFlight || waiting.length === 0) return;
    scheduled = true;
    setImmediate(send);
  };

  function send(): void {
    scheduled = false;
    while (running < inFlight && waiting.length > 0) {
      const group = waiting.slice(0, maxSize);
      waiting = waiting.slice(group.length);
      running += 1;
      // A promise chain, so a `run` that throws at once fails the group rather than the timer.
      Promise.resolve()
        .then(() => run(group.map((entry) => entry.question)))
        .then((answers) => {
          if (answers.length !== group.length) {
            throw new Error(`a group of ${group.length} got ${answers.length} answers`);
          }
          group.forEach((entry, i) => entry.resolve(answers[i] as A));
        })
        .catch((error: unknown) => {
          for (const entry of group) entry.reject(error);
        })
        .finally(() => {
          running -= 1;
          schedule();
        });
    }
  }

  return (question) =>
    new Promise<A>((resolve, reject) => {
      waiting.push({ question, resolve, reject });
      schedule();
    });
}
