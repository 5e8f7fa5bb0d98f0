import { describe, expect, it } from 'vitest';
import { parseOpsArgs, UsageError } from './ops-args.ts';

const id = '5b1d6f7e-0a3c-4c1e-9a51-3f1c2b7d9e10';

describe('npm run ops -- transfers:* (decision 0039)', () => {
  it('lists, filtered by state and customer', () => {
    expect(parseOpsArgs(['transfers:list'])).toEqual({
      help: false,
      json: false,
      request: { command: 'transfers:list' },
    });
    expect(
      parseOpsArgs(['transfers:list', '--state', 'ON-HOLD', '--customer', id, '--json']),
    ).toEqual({
      help: false,
      json: true,
      request: { command: 'transfers:list', state: 'ON-HOLD', customer: id },
    });
    expect(() => parseOpsArgs(['transfers:list', '--state', 'HELD'])).toThrow(
      /--state must be one of CREATED, PENDING-PAYMENT/,
    );
  });

  it('shows one transfer by id or number', () => {
    expect(parseOpsArgs(['transfers:show', 'TP0123456789'])).toMatchObject({
      request: { command: 'transfers:show', id: 'TP0123456789' },
    });
    expect(() => parseOpsArgs(['transfers:show'])).toThrow('transfers:show needs a transfer id.');
  });

  it('acts with a reason and an operator, from --as or CORRIDOR_OPERATOR', () => {
    for (const command of [
      'transfers:hold',
      'transfers:release',
      'transfers:settle',
      'transfers:fail',
      'transfers:refund',
    ]) {
      expect(parseOpsArgs([command, id, '--reason', 'Asked by compliance', '--as', 'ada'])).toEqual(
        {
          help: false,
          json: false,
          request: { command, id, reason: 'Asked by compliance', operator: 'ada' },
        },
      );
      expect(parseOpsArgs([command, id, '--reason', 'x'], 'grace')).toMatchObject({
        request: { operator: 'grace' },
      });
    }
  });

  it('refuses an action without a reason or without anyone acting', () => {
    expect(() => parseOpsArgs(['transfers:hold', id, '--as', 'ada'])).toThrow(
      'transfers:hold needs --reason "…": it is recorded with the action.',
    );
    expect(() => parseOpsArgs(['transfers:hold', id, '--reason', '  ', '--as', 'ada'])).toThrow(
      UsageError,
    );
    expect(() => parseOpsArgs(['transfers:refund', id, '--reason', 'x'])).toThrow(
      'transfers:refund needs to know who is acting: give --as <name> or set CORRIDOR_OPERATOR.',
    );
    expect(() => parseOpsArgs(['transfers:settle', '--reason', 'x', '--as', 'a'])).toThrow(
      'transfers:settle needs a transfer id.',
    );
  });

  it('keeps each option to the commands it goes with', () => {
    expect(() => parseOpsArgs(['transfers:show', id, '--reason', 'x'])).toThrow(/--reason goes/);
    expect(() => parseOpsArgs(['transfers:list', '--as', 'ada'])).toThrow(/--as goes/);
    expect(() => parseOpsArgs(['transfers:hold', id, '--state', 'ON-HOLD'])).toThrow(
      '--state goes with transfers:list and payments:list.',
    );
    expect(() => parseOpsArgs(['transfers:hold', id, '--customer', id])).toThrow(
      '--state and --customer go with transfers:list.',
    );
    expect(() => parseOpsArgs(['transfers:pause', id])).toThrow(
      'Unknown command "transfers:pause".',
    );
  });
});
