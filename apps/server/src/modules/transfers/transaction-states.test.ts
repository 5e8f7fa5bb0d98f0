import {
  holdReasonCodes,
  holdStateCodes,
  supportedLocales,
  timelineEntrySchema,
  transactionHoldSchema,
  transactionStateCodes,
  transactionStateSchema,
  type HoldReasonCode,
  type TransactionStateCode,
} from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error.ts';
import { apiCatalogue } from '../../i18n/index.ts';
import {
  CANCELLATION_WINDOW_MS,
  HAPPY_PATH,
  HOLD_REASONS,
  IllegalTransitionError,
  TRANSACTION_STATES,
  TRANSITIONS,
  countsTowardLimits,
  createdRecord,
  isFinalState,
  transition,
  transitionCauses,
  type StateRecord,
  type TransitionCause,
  type TransitionRequest,
} from './transaction-states.ts';
import {
  holdResource,
  stateResource,
  stateTextKeys,
  timelineResource,
} from './transaction-state-resource.ts';
import { timelineOf } from './transaction-timeline.ts';

const T0 = new Date('2026-11-28T10:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

/** A history built by the machine itself: each step one minute after the last. */
function walk(
  steps: readonly (Pick<TransitionRequest, 'to' | 'cause'> & { holdReason?: HoldReasonCode })[],
): StateRecord[] {
  const history = [createdRecord(T0)];
  steps.forEach((step, index) => {
    history.push(transition(history, { ...step, at: minutes(index + 1) }));
  });
  return history;
}

const PAID = walk([
  { to: 'PENDING-PAYMENT', cause: 'payment-opened' },
  { to: 'PAYMENT-CLEARED', cause: 'payment-cleared' },
]);

type Step = Parameters<typeof walk>[0][number];

/** How each state is reached the ordinary way: from which state, by which step. */
const ROUTES: Record<
  TransactionStateCode,
  { via: TransactionStateCode | null; step: Step | null }
> = {
  CREATED: { via: null, step: null },
  'PENDING-PAYMENT': { via: 'CREATED', step: { to: 'PENDING-PAYMENT', cause: 'payment-opened' } },
  'PAYMENT-CLEARED': {
    via: 'PENDING-PAYMENT',
    step: { to: 'PAYMENT-CLEARED', cause: 'payment-cleared' },
  },
  'DOCUMENT-REQUIRED': {
    via: 'PAYMENT-CLEARED',
    step: { to: 'DOCUMENT-REQUIRED', cause: 'document-required', holdReason: 'DOCUMENT-OWED' },
  },
  'DOCUMENT-PROVIDED': {
    via: 'DOCUMENT-REQUIRED',
    step: { to: 'DOCUMENT-PROVIDED', cause: 'document-provided' },
  },
  'UNDER-REVIEW': {
    via: 'PAYMENT-CLEARED',
    step: { to: 'UNDER-REVIEW', cause: 'review-required', holdReason: 'COMPLIANCE-REVIEW' },
  },
  'ON-HOLD': {
    via: 'PAYMENT-CLEARED',
    step: { to: 'ON-HOLD', cause: 'held-by-operator', holdReason: 'OPERATOR-HOLD' },
  },
  'CONVERTING-FOREX': {
    via: 'PAYMENT-CLEARED',
    step: { to: 'CONVERTING-FOREX', cause: 'conversion-started' },
  },
  'AVAILABLE-FOR-PAYOUT': {
    via: 'CONVERTING-FOREX',
    step: { to: 'AVAILABLE-FOR-PAYOUT', cause: 'converted' },
  },
  'SENDING-FOR-PAYOUT': {
    via: 'AVAILABLE-FOR-PAYOUT',
    step: { to: 'SENDING-FOR-PAYOUT', cause: 'sending-for-payout' },
  },
  'SENT-FOR-PAYOUT': {
    via: 'SENDING-FOR-PAYOUT',
    step: { to: 'SENT-FOR-PAYOUT', cause: 'partner-accepted' },
  },
  'PAYOUT-SUCCESS': {
    via: 'SENT-FOR-PAYOUT',
    step: { to: 'PAYOUT-SUCCESS', cause: 'partner-confirmed' },
  },
  'PAYOUT-FAILED': {
    via: 'SENT-FOR-PAYOUT',
    step: { to: 'PAYOUT-FAILED', cause: 'partner-failed' },
  },
  'PAYOUT-REVERSED': {
    via: 'PAYOUT-SUCCESS',
    step: { to: 'PAYOUT-REVERSED', cause: 'reversed' },
  },
  CANCELLED: { via: 'CREATED', step: { to: 'CANCELLED', cause: 'cancelled-by-customer' } },
};

const stepsTo = (state: TransactionStateCode): Step[] => {
  const { via, step } = ROUTES[state];
  return via === null || step === null ? [] : [...stepsTo(via), step];
};

/** A history whose current state is `state`, reached the ordinary way. */
const historyIn = (state: TransactionStateCode): StateRecord[] => walk(stepsTo(state));

/** The hold reason a request into `to` needs, if any. */
const reasonFor = (to: TransactionStateCode): HoldReasonCode | undefined =>
  (Object.entries(HOLD_REASONS) as [HoldReasonCode, { state: string }][]).find(
    ([, hold]) => hold.state === to,
  )?.[0];

describe('the transaction state machine (docs/product/sending-money.md#transaction-states)', () => {
  it('has every state of the contract, with progress 0–100 and a colour', () => {
    expect(Object.keys(TRANSACTION_STATES).sort()).toEqual([...transactionStateCodes].sort());
    for (const code of transactionStateCodes) {
      const resource = stateResource(code, 'en');
      expect(transactionStateSchema.parse(resource)).toEqual(resource);
    }
    expect(stateResource('CREATED', 'en')).toMatchObject({
      label: 'Created',
      progress: 10,
      color_scheme: 'gray',
    });
    expect(stateResource('PAYOUT-SUCCESS', 'en')).toMatchObject({
      label: 'Payout Success',
      progress: 100,
      color_scheme: 'green',
    });
    expect(stateResource('CANCELLED', 'en').id).toBe(stateResource('CANCELLED', 'es').id);
  });

  it('accepts every allowed transition and refuses every other (the whole matrix)', () => {
    let accepted = 0;
    let refused = 0;
    for (const from of transactionStateCodes) {
      const history = historyIn(from);
      const at = history.at(-1)?.at ?? T0;
      for (const to of transactionStateCodes) {
        for (const cause of transitionCauses) {
          const listed = TRANSITIONS.some(
            (edge) => edge.from === from && edge.to === to && edge.cause === cause,
          );
          const request = { to, cause, at, holdReason: reasonFor(to) };
          if (listed) {
            // The guards pass for these histories: released to where it was held from, within
            // the window, with the hold's reason.
            if (cause === 'released-by-operator' && to !== 'PAYMENT-CLEARED') continue;
            expect(transition(history, request), `${from} → ${to} (${cause})`).toMatchObject({
              state: to,
              cause,
            });
            accepted += 1;
          } else {
            expect(() => transition(history, request), `${from} → ${to} (${cause})`).toThrow(
              IllegalTransitionError,
            );
            refused += 1;
          }
        }
      }
    }
    expect(accepted).toBeGreaterThan(40);
    expect(accepted + refused).toBe(
      transactionStateCodes.length ** 2 * transitionCauses.length -
        // Releases elsewhere than where it was held from are the guard's, tested below.
        TRANSITIONS.filter(
          (edge) => edge.cause === 'released-by-operator' && edge.to !== 'PAYMENT-CLEARED',
        ).length,
    );
  });

  it('lists no transition out of a final state but a reversal, and each final state is reachable', () => {
    const outOfFinal = TRANSITIONS.filter((edge) => isFinalState(edge.from));
    expect(outOfFinal).toEqual([
      { from: 'PAYOUT-SUCCESS', to: 'PAYOUT-REVERSED', cause: 'reversed' },
    ]);
    const finals = transactionStateCodes.filter(isFinalState);
    expect(finals.sort()).toEqual(['CANCELLED', 'PAYOUT-REVERSED', 'PAYOUT-SUCCESS']);
    for (const code of finals) expect(TRANSITIONS.some((edge) => edge.to === code)).toBe(true);
  });

  it('an illegal transition is a typed 409', () => {
    const error = (() => {
      try {
        transition(historyIn('PAYOUT-SUCCESS'), {
          to: 'CANCELLED',
          cause: 'cancelled-by-customer',
          at: T0,
        });
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(IllegalTransitionError);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 409, from: 'PAYOUT-SUCCESS', to: 'CANCELLED' });
    expect((error as AppError).toBody('es')).toEqual({
      message: 'Esta transferencia no permite hacer eso en su estado actual.',
    });
  });

  it('never decreases progress along the happy path, from 10 to 100', () => {
    const progress = HAPPY_PATH.map((code) => TRANSACTION_STATES[code].progress);
    expect(progress[0]).toBe(10);
    expect(progress.at(-1)).toBe(100);
    for (let index = 1; index < progress.length; index += 1) {
      expect(progress[index]).toBeGreaterThan(progress[index - 1] ?? 0);
    }
    // Nor along the document and review detours back to it.
    for (const edge of TRANSITIONS) {
      if (edge.to === 'CANCELLED' || edge.to.startsWith('PAYOUT-')) continue;
      if (edge.cause === 'released-by-operator' || edge.cause === 'held-by-operator') continue;
      if (edge.cause === 'document-rejected' || edge.cause === 'payout-retried') continue;
      expect(
        TRANSACTION_STATES[edge.to].progress,
        `${edge.from} → ${edge.to}`,
      ).toBeGreaterThanOrEqual(TRANSACTION_STATES[edge.from].progress);
    }
  });

  it('needs a reason of that hold, with the action that clears it, for every hold', () => {
    for (const hold of holdStateCodes) {
      // Releases are the next test's.
      const edges = TRANSITIONS.filter(
        (edge) => edge.to === hold && edge.cause !== 'released-by-operator',
      );
      expect(edges.length, hold).toBeGreaterThan(0);
      for (const edge of edges) {
        const history = historyIn(edge.from);
        const request = { to: hold, cause: edge.cause, at: minutes(30) };
        expect(() => transition(history, request), `${hold} without a reason`).toThrow(
          'A transfer is held only with a reason and the action that clears it.',
        );
        for (const reason of holdReasonCodes) {
          if (HOLD_REASONS[reason].state === hold) {
            const record = transition(history, { ...request, holdReason: reason });
            expect(record.hold).toEqual({ reason, action: HOLD_REASONS[reason].action });
            const wire = holdResource({ reason, action: HOLD_REASONS[reason].action }, 'es');
            expect(transactionHoldSchema.parse(wire).reason.text).toMatch(/\S/);
            expect(wire.action.text).toMatch(/\S/);
          } else {
            expect(() => transition(history, { ...request, holdReason: reason })).toThrow(
              IllegalTransitionError,
            );
          }
        }
      }
    }
    // A reason outside a hold is refused too.
    expect(() =>
      transition(PAID, {
        to: 'CONVERTING-FOREX',
        cause: 'conversion-started',
        at: minutes(3),
        holdReason: 'OPERATOR-HOLD',
      }),
    ).toThrow(IllegalTransitionError);
  });

  it('releases a hold only to the state it left', () => {
    const held = walk([
      { to: 'PENDING-PAYMENT', cause: 'payment-opened' },
      { to: 'ON-HOLD', cause: 'held-by-operator', holdReason: 'OPERATOR-HOLD' },
    ]);
    expect(() =>
      transition(held, { to: 'PAYMENT-CLEARED', cause: 'released-by-operator', at: minutes(3) }),
    ).toThrow(IllegalTransitionError);
    expect(
      transition(held, { to: 'PENDING-PAYMENT', cause: 'released-by-operator', at: minutes(3) }),
    ).toEqual({
      state: 'PENDING-PAYMENT',
      cause: 'released-by-operator',
      at: minutes(3),
      hold: null,
    });
    // Held while a document was owed: released, it is owed again, with its reason.
    const owed = historyIn('DOCUMENT-REQUIRED');
    const heldAgain = [
      ...owed,
      transition(owed, {
        to: 'ON-HOLD',
        cause: 'held-by-operator',
        at: minutes(10),
        holdReason: 'OPERATOR-HOLD',
      }),
    ];
    expect(
      transition(heldAgain, {
        to: 'DOCUMENT-REQUIRED',
        cause: 'released-by-operator',
        at: minutes(11),
      }).hold,
    ).toEqual({ reason: 'DOCUMENT-OWED', action: 'UPLOAD-DOCUMENT' });
  });

  it('lets the customer cancel a paid transfer for 30 minutes after the payment cleared, an operator later', () => {
    const cleared = PAID.at(-1)?.at ?? T0;
    const at = (ms: number) => new Date(cleared.getTime() + ms);
    const converting = [
      ...PAID,
      transition(PAID, { to: 'CONVERTING-FOREX', cause: 'conversion-started', at: at(1000) }),
    ];
    const cancel = (history: StateRecord[], when: Date, cause: TransitionCause) =>
      transition(history, { to: 'CANCELLED', cause, at: when });
    expect(
      cancel(converting, at(CANCELLATION_WINDOW_MS - 1), 'cancelled-within-window').state,
    ).toBe('CANCELLED');
    expect(() => cancel(converting, at(CANCELLATION_WINDOW_MS), 'cancelled-within-window')).toThrow(
      'This transfer can no longer be cancelled: the 30 minutes to cancel have passed.',
    );
    expect(cancel(converting, at(CANCELLATION_WINDOW_MS), 'cancelled-by-operator').state).toBe(
      'CANCELLED',
    );
    // Handed for payout: nobody cancels, the window or not.
    const sending = historyIn('SENDING-FOR-PAYOUT');
    for (const cause of ['cancelled-within-window', 'cancelled-by-operator'] as const) {
      expect(() => cancel(sending, at(1), cause)).toThrow(IllegalTransitionError);
    }
  });

  it('says which states count toward the sending limits: all but cancelled and reversed', () => {
    expect(transactionStateCodes.filter((code) => !countsTowardLimits(code)).sort()).toEqual([
      'CANCELLED',
      'PAYOUT-REVERSED',
    ]);
  });
});

describe('timelineOf', () => {
  const shape = (history: StateRecord[]) =>
    timelineOf(history).map((step) => [step.state, step.at === null ? null : 'at']);

  it('a fresh transfer: CREATED, then the whole happy path to come', () => {
    expect(shape([createdRecord(T0)])).toEqual([
      ['CREATED', 'at'],
      ...HAPPY_PATH.slice(1).map((code) => [code, null]),
    ]);
  });

  it('mid-way: the history with its times, then the rest', () => {
    expect(shape(historyIn('AVAILABLE-FOR-PAYOUT'))).toEqual([
      ['CREATED', 'at'],
      ['PENDING-PAYMENT', 'at'],
      ['PAYMENT-CLEARED', 'at'],
      ['CONVERTING-FOREX', 'at'],
      ['AVAILABLE-FOR-PAYOUT', 'at'],
      ['SENDING-FOR-PAYOUT', null],
      ['SENT-FOR-PAYOUT', null],
      ['PAYOUT-SUCCESS', null],
    ]);
    const timeline = timelineOf(historyIn('AVAILABLE-FOR-PAYOUT'));
    expect(timeline[1]?.at).toEqual(minutes(1));
  });

  it('held: the hold, then back to the state it left, then on', () => {
    expect(shape(historyIn('ON-HOLD'))).toEqual([
      ['CREATED', 'at'],
      ['PENDING-PAYMENT', 'at'],
      ['PAYMENT-CLEARED', 'at'],
      ['ON-HOLD', 'at'],
      ['PAYMENT-CLEARED', null],
      ['CONVERTING-FOREX', null],
      ['AVAILABLE-FOR-PAYOUT', null],
      ['SENDING-FOR-PAYOUT', null],
      ['SENT-FOR-PAYOUT', null],
      ['PAYOUT-SUCCESS', null],
    ]);
    expect(shape(historyIn('DOCUMENT-REQUIRED')).slice(3)).toEqual([
      ['DOCUMENT-REQUIRED', 'at'],
      ['DOCUMENT-PROVIDED', null],
      ['CONVERTING-FOREX', null],
      ['AVAILABLE-FOR-PAYOUT', null],
      ['SENDING-FOR-PAYOUT', null],
      ['SENT-FOR-PAYOUT', null],
      ['PAYOUT-SUCCESS', null],
    ]);
  });

  it('failed: the failure, then its retry to a payout', () => {
    expect(shape(historyIn('PAYOUT-FAILED')).slice(-4)).toEqual([
      ['PAYOUT-FAILED', 'at'],
      ['SENDING-FOR-PAYOUT', null],
      ['SENT-FOR-PAYOUT', null],
      ['PAYOUT-SUCCESS', null],
    ]);
  });

  it('finished (paid out, reversed or cancelled): the history alone', () => {
    expect(shape(historyIn('PAYOUT-SUCCESS'))).toEqual(HAPPY_PATH.map((code) => [code, 'at']));
    expect(shape(historyIn('PAYOUT-REVERSED')).at(-1)).toEqual(['PAYOUT-REVERSED', 'at']);
    expect(shape(historyIn('CANCELLED'))).toEqual([
      ['CREATED', 'at'],
      ['CANCELLED', 'at'],
    ]);
  });

  it('goes on the wire as [{state, created_at}], in the request language', () => {
    const wire = timelineResource(historyIn('PAYMENT-CLEARED'), 'es');
    for (const entry of wire) expect(timelineEntrySchema.parse(entry)).toEqual(entry);
    expect(wire[0]).toMatchObject({
      state: { code: 'CREATED', label: 'Creada', progress: 10 },
      created_at: '2026-11-28T10:00:00.000Z',
    });
    expect(wire.at(-1)).toMatchObject({ state: { code: 'PAYOUT-SUCCESS' }, created_at: null });
  });
});

describe('the texts', () => {
  it('has a label and a description for every state, and every hold reason and action, in English and Spanish', () => {
    const catalogue: Record<string, Record<string, string>> = apiCatalogue;
    const keys = [
      ...transactionStateCodes.flatMap((code) => Object.values(stateTextKeys(code))),
      ...holdReasonCodes.map((code) => `transfers.hold.reason.${code}`),
      ...Object.values(HOLD_REASONS).map((hold) => `transfers.hold.action.${hold.action}`),
    ];
    for (const key of keys) {
      for (const locale of supportedLocales) {
        expect(catalogue[key]?.[locale], `${key} (${locale})`).toMatch(/\S/);
      }
    }
    const spanish = transactionStateCodes.map((code) => stateResource(code, 'es').label);
    const english = transactionStateCodes.map((code) => stateResource(code, 'en').label);
    expect(new Set(spanish).size).toBe(transactionStateCodes.length);
    expect(spanish.filter((label, index) => label === english[index])).toEqual([]);
  });
});
