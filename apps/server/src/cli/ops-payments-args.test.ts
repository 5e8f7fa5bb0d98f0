import { describe, expect, it } from 'vitest';
import { OPS_USAGE, parseOpsArgs } from './ops-args.ts';

const id = '5b1d6f7e-0a3c-4c1e-9a51-3f1c2b7d9e10';

describe('npm run ops -- payments:* (docs/product/sending-money.md#what-an-operator-does-to-a-payment)', () => {
  it('lists, filtered by payment state and transfer (id or number)', () => {
    expect(parseOpsArgs(['payments:list'])).toEqual({
      help: false,
      json: false,
      request: { command: 'payments:list' },
    });
    expect(
      parseOpsArgs(['payments:list', '--state', 'PART-REFUNDED', '--transfer', 'TP0123456789']),
    ).toEqual({
      help: false,
      json: false,
      request: { command: 'payments:list', state: 'PART-REFUNDED', transfer: 'TP0123456789' },
    });
    expect(() => parseOpsArgs(['payments:list', '--state', 'PAYOUT-SUCCESS'])).toThrow(
      /--state must be one of CREATED, INITIALIZED/,
    );
    expect(() => parseOpsArgs(['payments:list', id])).toThrow('payments:list takes no id.');
  });

  it('shows one payment by id or reference', () => {
    expect(parseOpsArgs(['payments:show', 'TP0123456789-002', '--json'])).toEqual({
      help: false,
      json: true,
      request: { command: 'payments:show', id: 'TP0123456789-002' },
    });
    expect(() => parseOpsArgs(['payments:show'])).toThrow('payments:show needs a payment id.');
  });

  it('refunds with a reason and an operator, from --as or CORRIDOR_OPERATOR', () => {
    expect(parseOpsArgs(['payments:refund', id, '--reason', 'Goodwill', '--as', 'ada'])).toEqual({
      help: false,
      json: false,
      request: { command: 'payments:refund', id, reason: 'Goodwill', operator: 'ada' },
    });
    expect(parseOpsArgs(['payments:refund', id, '--reason', 'x'], 'grace')).toMatchObject({
      request: { operator: 'grace' },
    });
    expect(() => parseOpsArgs(['payments:refund', id, '--as', 'ada'])).toThrow(
      'payments:refund needs --reason "…": it is recorded with the action.',
    );
    expect(() => parseOpsArgs(['payments:refund', id, '--reason', 'x'])).toThrow(
      'payments:refund needs to know who is acting: give --as <name> or set CORRIDOR_OPERATOR.',
    );
  });

  it('keeps each option to the commands it goes with, and says so in the help', () => {
    expect(() => parseOpsArgs(['payments:show', id, '--reason', 'x'])).toThrow(/--reason goes/);
    expect(() => parseOpsArgs(['payments:list', '--as', 'ada'])).toThrow(/--as goes/);
    expect(() => parseOpsArgs(['transfers:list', '--transfer', id])).toThrow(
      '--transfer goes with payments:list.',
    );
    expect(() => parseOpsArgs(['payments:list', '--customer', id])).toThrow(/--customer/);
    for (const command of ['payments:list', 'payments:show', 'payments:refund']) {
      expect(OPS_USAGE).toContain(command);
    }
  });
});
