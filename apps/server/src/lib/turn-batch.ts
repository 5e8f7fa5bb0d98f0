/**
 * Calls made in the same turn of the event loop, run as one batch: `run` gets their items in the
 * order of the calls and answers one result per item, in that order. The outbox delivers a
 * round's messages side by side, so what each delivery sends (a realtime event, a stored mail)
 * becomes one round trip for the round instead of one each (docs/performance.md). The batch
 * starts after the turn's microtasks too (`setImmediate`): concurrent callers reach here a few
 * promise hops apart. A batch that throws rejects every call of it.
 */
export function turnBatch<I, O>(
  run: (items: I[]) => Promise<readonly O[]>,
): (item: I) => Promise<O> {
  let open: { items: I[]; results: Promise<readonly O[]> } | undefined;
  return (item) => {
    let batch = open;
    if (!batch) {
      const items: I[] = [];
      const results = new Promise<readonly O[]>((resolve, reject) => {
        setImmediate(() => {
          open = undefined;
          run(items).then(resolve, reject);
        });
      });
      batch = open = { items, results };
    }
    const index = batch.items.push(item) - 1;
    return batch.results.then((results) => {
      if (index >= results.length) throw new Error('a batch answered fewer results than items');
      return results[index] as O;
    });
  };
}
