import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { RequestLogger } from './request-logger.ts';

/** A pino logger at `level` whose lines are kept, parsed. */
function capturing(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level, base: undefined }, stream), lines };
}

/** Waits until `lines` holds `count` lines (pino writes through the stream's own turn). */
async function settled(lines: unknown[], count: number) {
  await expect.poll(() => lines.length).toBe(count);
}

describe('RequestLogger (decision 57)', () => {
  it('writes the lines pino writes, with the request id, at the levels that are on', async () => {
    const { logger, lines } = capturing('info');
    const direct = logger.child({ reqId: 'a' });
    const lazy = new RequestLogger(logger, { reqId: 'b' }, {});
    for (const log of [direct, lazy]) {
      log.debug('not written');
      log.info({ answer: 42 }, 'written');
      log.error(new Error('boom'), 'failed');
    }
    await settled(lines, 4);
    const [directInfo, directError, lazyInfo, lazyError] = lines.map((line) => {
      const { time: _time, ...rest } = line;
      return rest;
    });
    expect(lazyInfo).toEqual({ ...directInfo, reqId: 'b' });
    expect({ ...lazyError, err: { ...(lazyError?.err as object), stack: '' } }).toEqual({
      ...directError,
      reqId: 'b',
      err: { ...(directError?.err as object), stack: '' },
    });
    expect(lazy.level).toBe('info');
  });

  it("keeps a route's own level, below and above the server's", async () => {
    const { logger, lines } = capturing('info');
    const quiet = new RequestLogger(logger, { reqId: 'q' }, { level: 'warn' });
    quiet.info('not written');
    quiet.warn('written');
    const chatty = new RequestLogger(logger, { reqId: 'c' }, { level: 'debug' });
    chatty.debug('written too');
    await settled(lines, 2);
    expect(lines.map((line) => [line.reqId, line.level, line.msg])).toEqual([
      ['q', 40, 'written'],
      ['c', 20, 'written too'],
    ]);
    expect(quiet.level).toBe('warn');
  });

  it('makes no pino child until a line is written, and one after', async () => {
    const { logger, lines } = capturing('info');
    const made = vi.spyOn(logger, 'child');
    const lazy = new RequestLogger(logger, { reqId: 'r' }, {});
    lazy.debug('not written');
    lazy.trace('not written');
    expect(made).not.toHaveBeenCalled();
    lazy.warn('one');
    lazy.info('two');
    expect(made).toHaveBeenCalledTimes(1);
    await settled(lines, 2);
    // A child of the request's logger carries the request id and its own bindings.
    lazy.child({ step: 'x' }).info('three');
    await settled(lines, 3);
    expect(lines[2]).toMatchObject({ reqId: 'r', step: 'x', msg: 'three' });
  });

  it('writes nothing on a silent server', async () => {
    const { logger, lines } = capturing('silent');
    const lazy = new RequestLogger(logger, { reqId: 's' }, {});
    lazy.fatal('not written');
    lazy.silent('not written');
    const { logger: other, lines: otherLines } = capturing('info');
    other.info('a line after');
    await settled(otherLines, 1);
    expect(lines).toEqual([]);
  });
});
