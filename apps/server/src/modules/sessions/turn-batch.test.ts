import { describe, expect, it } from 'vitest';
import { batchedPerTurn } from './turn-batch.ts';

/** A batched echo that records each batch it was asked. */
function recordingEcho() {
  const batches: number[][] = [];
  const ask = batchedPerTurn(async (asked: readonly number[]) => {
    batches.push([...asked]);
    return asked.map((n) => n * 10);
  });
  return { ask, batches };
}

describe('batchedPerTurn (decision 53)', () => {
  it('sends the questions of one turn together, each answered in its place', async () => {
    const { ask, batches } = recordingEcho();
    const answers = await Promise.all([ask(1), ask(2), ask(3)]);
    expect(answers).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('a question asked after a batch was sent waits for the next one', async () => {
    const { ask, batches } = recordingEcho();
    const first = ask(1);
    // Once the first batch is sent (its turn ended), a new question starts a new batch.
    await new Promise((resolve) => setImmediate(resolve));
    const second = ask(2);
    expect(await Promise.all([first, second])).toEqual([10, 20]);
    expect(batches).toEqual([[1], [2]]);
  });

  it('a failed batch fails each of its questions, and the next batch runs', async () => {
    let fail = true;
    const ask = batchedPerTurn(async (asked: readonly number[]) => {
      if (fail) throw new Error('database down');
      return asked;
    });
    const failed = [ask(1), ask(2)].map((answer) => answer.then(() => 'answered', String));
    expect(await Promise.all(failed)).toEqual(['Error: database down', 'Error: database down']);
    fail = false;
    expect(await ask(3)).toBe(3);
  });

  it('a run that throws at once, or answers too few, fails the batch', async () => {
    const throwing = batchedPerTurn((): Promise<readonly number[]> => {
      throw new Error('thrown');
    });
    await expect(throwing(1)).rejects.toThrow('thrown');
    const short = batchedPerTurn(async () => [1]);
    await expect(Promise.all([short(1), short(2)])).rejects.toThrow('a batch of 2 got 1 answers');
  });
});
