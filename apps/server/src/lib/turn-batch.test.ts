import { describe, expect, it } from 'vitest';
import { turnBatch } from './turn-batch.ts';

describe('turnBatch', () => {
  it('runs the calls of one turn as one batch, in order, each with its own result', async () => {
    const batches: number[][] = [];
    const double = turnBatch<number, number>(async (items) => {
      batches.push([...items]);
      return items.map((item) => item * 2);
    });
    // A caller a few promise hops later in the same turn joins the batch too.
    const later = Promise.resolve()
      .then(() => undefined)
      .then(() => double(3));
    const results = await Promise.all([double(1), double(2), later]);
    expect(results).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);

    expect(await double(4)).toBe(8);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('rejects every call of a batch that throws, and the next batch runs anew', async () => {
    let fail = true;
    const echo = turnBatch<string, string>(async (items) => {
      if (fail) throw new Error('unavailable');
      return items;
    });
    const calls = [echo('a'), echo('b')];
    await expect(calls[0]).rejects.toThrow('unavailable');
    await expect(calls[1]).rejects.toThrow('unavailable');
    fail = false;
    expect(await echo('c')).toBe('c');
  });

  it('rejects a call the batch gave no result', async () => {
    const short = turnBatch<number, number>(async (items) => items.slice(1));
    const calls = [short(1), short(2)];
    await expect(calls[1]).rejects.toThrow('fewer results');
    await expect(calls[0]).resolves.toBe(2);
  });
});
