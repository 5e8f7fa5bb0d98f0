/**
 * Calls of `run` asked for in one turn of the event loop, sent together when the turn ends
 * (docs/decisions/0053-session-reads-batched-per-turn.md): every request that the poll phase
 * read asks before `setImmediate` fires, so concurrent requests share one statement instead of
 * one round trip each. Nothing asked after a batch is sent joins it: each answer was read after
 * its question was asked. `run` answers each question in the order given; a failure fails the
 * whole batch, as it would have failed each question alone.
 */
export function batchedPerTurn<Q, A>(
  run: (asked: readonly Q[]) => Promise<readonly A[]>,
): (question: Q) => Promise<A> {
  let waiting: { question: Q; resolve: (answer: A) => void; reject: (error: unknown) => void }[] =
    [];

  function send(): void {
    const batch = waiting;
    waiting = [];
    // A promise chain, so a `run` that throws at once fails the batch rather than the timer.
    Promise.resolve()
      .then(() => run(batch.map((entry) => entry.question)))
      .then(
        (answers) => {
          if (answers.length !== batch.length) {
            throw new Error(`a batch of ${batch.length} got ${answers.length} answers`);
          }
          batch.forEach((entry, i) => entry.resolve(answers[i] as A));
        },
        (error: unknown) => {
          for (const entry of batch) entry.reject(error);
        },
      )
      .catch((error: unknown) => {
        for (const entry of batch) entry.reject(error);
      });
  }

  return (question) =>
    new Promise<A>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(send);
      waiting.push({ question, resolve, reject });
    });
}
