import type { TransactionStateCode } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { promiseVerdict } from './delivery-promise.ts';
import type { StateRecord } from './transaction-states.ts';

/**
 * When a transfer has missed its delivery promise (docs/product/sending-money.md#delivery-promise):
 * the pure verdict the sweep acts on. The transfer's integration (the fee refunded once, a
 * transfer paid out in time left alone) is refunds.test.ts.
 */
const T0 = Date.parse('2026-03-02T09:00:00Z');
const minutes = (n: number) => new Date(T0 + n * 60_000);
/** The window closed (at minute 31 by its job, or at the hand-over): the fee is earned. */
const promise = { available_by: minutes(60), fee_minor: 299n, cancellable_until: null };

/** A timeline from [state, minute] pairs (causes and holds do not matter to the verdict). */
const history = (...steps: [TransactionStateCode, number][]): StateRecord[] =>
  steps.map(([state, minute]) => ({ state, at: minutes(minute), cause: null, hold: null }));

const converting: [TransactionStateCode, number][] = [
  ['CREATED', 0],
  ['PENDING-PAYMENT', 0],
  ['PAYMENT-CLEARED', 1],
  ['CONVERTING-FOREX', 2],
  ['AVAILABLE-FOR-PAYOUT', 3],
];

describe('promiseVerdict', () => {
  it('waits until available_by, then refunds a transfer still on its way', () => {
    const steps = history(...converting, ['SENDING-FOR-PAYOUT', 4]);
    expect(promiseVerdict(promise, steps, minutes(59))).toBe('waiting');
    expect(promiseVerdict(promise, steps, minutes(60))).toBe('waiting');
    expect(promiseVerdict(promise, steps, minutes(61))).toBe('refund');
  });

  it('refunds nothing to a transfer paid out in time, and refunds one paid out late', () => {
    const inTime = history(...converting, ['SENT-FOR-PAYOUT', 5], ['PAYOUT-SUCCESS', 50]);
    expect(promiseVerdict(promise, inTime, minutes(600))).toBe('nothing');
    const late = history(...converting, ['SENT-FOR-PAYOUT', 5], ['PAYOUT-SUCCESS', 70]);
    expect(promiseVerdict(promise, late, minutes(600))).toBe('refund');
  });

  it("stops the clock in the customer's hold (DOCUMENT-REQUIRED), and waits while in one", () => {
    const held = history(
      ['CREATED', 0],
      ['PENDING-PAYMENT', 0],
      ['PAYMENT-CLEARED', 1],
      ['DOCUMENT-REQUIRED', 1],
    );
    expect(promiseVerdict(promise, held, minutes(500))).toBe('waiting');
    // Held 40 minutes: the promise moves to minute 100.
    const released = history(
      ['CREATED', 0],
      ['PENDING-PAYMENT', 0],
      ['PAYMENT-CLEARED', 1],
      ['DOCUMENT-REQUIRED', 1],
      ['DOCUMENT-PROVIDED', 41],
      ['CONVERTING-FOREX', 42],
      ['AVAILABLE-FOR-PAYOUT', 43],
    );
    expect(promiseVerdict(promise, released, minutes(99))).toBe('waiting');
    expect(promiseVerdict(promise, released, minutes(101))).toBe('refund');
    const paidOut = history(
      ['CREATED', 0],
      ['PENDING-PAYMENT', 0],
      ['PAYMENT-CLEARED', 1],
      ['DOCUMENT-REQUIRED', 1],
      ['DOCUMENT-PROVIDED', 41],
      ['CONVERTING-FOREX', 42],
      ['SENT-FOR-PAYOUT', 44],
      ['PAYOUT-SUCCESS', 90],
    );
    expect(promiseVerdict(promise, paidOut, minutes(600))).toBe('nothing');
  });

  it('counts our own holds against us: ON-HOLD, UNDER-REVIEW, DOCUMENT-PROVIDED', () => {
    for (const hold of ['ON-HOLD', 'UNDER-REVIEW', 'DOCUMENT-PROVIDED'] as const) {
      const steps = history(...converting, [hold, 4]);
      expect(promiseVerdict(promise, steps, minutes(61)), hold).toBe('refund');
    }
  });

  it('waits for the fee to be earned (the cancellation window closed) before refunding it', () => {
    const review = history(
      ['CREATED', 0],
      ['PENDING-PAYMENT', 0],
      ['PAYMENT-CLEARED', 1],
      ['UNDER-REVIEW', 1],
    );
    // Still open (a window's job running late): the fee is not earned yet.
    const open = { ...promise, cancellable_until: minutes(31) };
    expect(promiseVerdict(open, review, minutes(61))).toBe('waiting');
    expect(promiseVerdict(promise, review, minutes(61))).toBe('refund');
  });

  it('gives nothing extra to an unpaid, cancelled or reversed transfer, nor a fee of zero', () => {
    expect(
      promiseVerdict(promise, history(['CREATED', 0], ['PENDING-PAYMENT', 0]), minutes(61)),
    ).toBe('nothing');
    expect(promiseVerdict(promise, history(...converting, ['CANCELLED', 4]), minutes(61))).toBe(
      'nothing',
    );
    expect(
      promiseVerdict(
        promise,
        history(...converting, ['PAYOUT-SUCCESS', 70], ['PAYOUT-REVERSED', 71]),
        minutes(600),
      ),
    ).toBe('nothing');
    const stuck = history(...converting, ['SENDING-FOR-PAYOUT', 4]);
    expect(promiseVerdict({ ...promise, fee_minor: 0n }, stuck, minutes(61))).toBe('nothing');
  });
});
