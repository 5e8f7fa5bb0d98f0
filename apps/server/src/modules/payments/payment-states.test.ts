import {
  paymentStateCodes,
  paymentStateSchema,
  supportedLocales,
  transactionStateCodes,
  type PaymentStateCode,
} from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error.ts';
import { apiCatalogue } from '../../i18n/index.ts';
import {
  IllegalPaymentTransitionError,
  NewPaymentRefusedError,
  PAYMENT_STATES,
  PAYMENT_TRANSITIONS,
  PaymentCancelRefusedError,
  cancelRefusal,
  newPaymentRefusal,
  paymentReference,
  paymentStateResource,
  paymentTextKeys,
  paymentTransition,
  paymentTransitionCauses,
} from './payment-states.ts';

describe('the payment state machine (docs/product/sending-money.md#payment-states)', () => {
  it('has every state of the contract, each shown as the product page says', () => {
    expect(Object.keys(PAYMENT_STATES).sort()).toEqual([...paymentStateCodes].sort());
    const shown = (code: PaymentStateCode) => PAYMENT_STATES[code].shownAs;
    expect(paymentStateCodes.map((code) => [code, shown(code)])).toEqual([
      ['CREATED', 'pending'],
      ['INITIALIZED', 'pending'],
      ['PENDING', 'pending'],
      ['REDIRECTED', 'processing'],
      ['AUTHORIZED', 'completed'],
      ['CAPTURED', 'completed'],
      ['FAILED', 'failed'],
      ['TIMED-OUT', 'expired'],
      ['PART-REFUNDED', 'refunded'],
      ['REFUNDED', 'refunded'],
      ['CANCELLED', 'cancelled'],
    ]);
    for (const code of paymentStateCodes) {
      const resource = paymentStateResource(code, 'es');
      expect(paymentStateSchema.parse(resource)).toEqual(resource);
    }
  });

  it('accepts every allowed transition and refuses every other (the whole matrix)', () => {
    let accepted = 0;
    for (const from of paymentStateCodes) {
      for (const to of paymentStateCodes) {
        for (const cause of paymentTransitionCauses) {
          const listed = PAYMENT_TRANSITIONS.some(
            (edge) => edge.from === from && edge.to === to && edge.cause === cause,
          );
          const payment = { state: from, customerConfirmed: false };
          if (listed) {
            expect(paymentTransition(payment, to, cause), `${from} → ${to} (${cause})`).toBe(to);
            accepted += 1;
          } else {
            expect(
              () => paymentTransition(payment, to, cause),
              `${from} → ${to} (${cause})`,
            ).toThrow(IllegalPaymentTransitionError);
          }
        }
      }
    }
    expect(accepted).toBe(PAYMENT_TRANSITIONS.length);
  });

  it('treats every state from FAILED on as final, but PART-REFUNDED (the rest may follow)', () => {
    const finals: string[] = paymentStateCodes
      .slice(paymentStateCodes.indexOf('FAILED'))
      .filter((code) => code !== 'PART-REFUNDED');
    for (const code of paymentStateCodes) {
      expect(PAYMENT_STATES[code].final, code).toBe(finals.includes(code));
    }
    for (const edge of PAYMENT_TRANSITIONS) expect(finals).not.toContain(edge.from);
  });

  it("refuses the customer's cancel once the customer said it paid", () => {
    expect(
      paymentTransition(
        { state: 'PENDING', customerConfirmed: false },
        'CANCELLED',
        'cancelled-by-customer',
      ),
    ).toBe('CANCELLED');
    expect(() =>
      paymentTransition(
        { state: 'PENDING', customerConfirmed: true },
        'CANCELLED',
        'cancelled-by-customer',
      ),
    ).toThrow(IllegalPaymentTransitionError);
    const error = new IllegalPaymentTransitionError(
      'CAPTURED',
      'CANCELLED',
      'cancelled-by-customer',
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(409);
  });
});

describe('cancelRefusal (docs/product/sending-money.md#retry-and-cancel)', () => {
  const open = { state: 'PENDING' as const, customerConfirmed: false, providerCanWithdraw: true };

  it('allows a cancel of an open payment before "I\'ve paid"', () => {
    for (const state of ['CREATED', 'INITIALIZED', 'PENDING'] as const) {
      expect(cancelRefusal({ ...open, state }, 'PENDING-PAYMENT')).toBeNull();
    }
  });

  it('answers payment_not_open for a paid, failed or cancelled payment, or a transfer no longer awaiting payment', () => {
    for (const state of [
      'AUTHORIZED',
      'CAPTURED',
      'FAILED',
      'TIMED-OUT',
      'CANCELLED',
      'REFUNDED',
    ] as const) {
      expect(cancelRefusal({ ...open, state }, 'PENDING-PAYMENT'), state).toBe('payment_not_open');
    }
    for (const state of transactionStateCodes) {
      const expected =
        state === 'CREATED' || state === 'PENDING-PAYMENT' ? null : 'payment_not_open';
      expect(cancelRefusal(open, state), state).toBe(expected);
    }
  });

  it('answers payment_not_cancellable after "I\'ve paid", a redirect, or when the provider cannot withdraw it', () => {
    expect(cancelRefusal({ ...open, customerConfirmed: true }, 'PENDING-PAYMENT')).toBe(
      'payment_not_cancellable',
    );
    expect(cancelRefusal({ ...open, state: 'REDIRECTED' }, 'PENDING-PAYMENT')).toBe(
      'payment_not_cancellable',
    );
    expect(cancelRefusal({ ...open, providerCanWithdraw: false }, 'PENDING-PAYMENT')).toBe(
      'payment_not_cancellable',
    );
  });

  it('is a 409 with the type and a customer-readable message', () => {
    expect(new PaymentCancelRefusedError('payment_not_open').toBody('en')).toEqual({
      type: 'payment_not_open',
      message: 'This payment is no longer open: it has been paid, has failed or was cancelled.',
    });
    expect(new PaymentCancelRefusedError('payment_not_cancellable').toBody('es')).toMatchObject({
      type: 'payment_not_cancellable',
      message: 'Este pago ya no se puede cancelar: nos has dicho que lo has pagado.',
    });
  });
});

describe('newPaymentRefusal: at most 3 payments per transfer', () => {
  it('allows a retry after a failed, expired or cancelled payment, up to 3 in all', () => {
    expect(newPaymentRefusal('PENDING-PAYMENT', ['FAILED'])).toBeNull();
    expect(newPaymentRefusal('PENDING-PAYMENT', ['CANCELLED', 'TIMED-OUT'])).toBeNull();
    expect(newPaymentRefusal('PENDING-PAYMENT', ['CANCELLED', 'TIMED-OUT', 'FAILED'])).toBe(
      'limit-reached',
    );
  });

  it('refuses while a payment is open, or once the transfer no longer awaits payment', () => {
    for (const open of ['CREATED', 'INITIALIZED', 'PENDING', 'REDIRECTED'] as const) {
      expect(newPaymentRefusal('PENDING-PAYMENT', [open])).toBe('payment-open');
    }
    expect(newPaymentRefusal('PAYMENT-CLEARED', ['CAPTURED'])).toBe('not-awaiting-payment');
    expect(newPaymentRefusal('CANCELLED', ['FAILED'])).toBe('not-awaiting-payment');
    // Cancelled by its third decline (decision 38): the cap is the reason it cannot be paid.
    expect(newPaymentRefusal('CANCELLED', ['FAILED', 'FAILED', 'FAILED'])).toBe('limit-reached');
    expect(newPaymentRefusal('CANCELLED', ['CANCELLED'])).toBe('not-awaiting-payment');
    expect(new NewPaymentRefusedError('limit-reached').message).toBe(
      'This transfer already has 3 payments. Start a new transfer to try again.',
    );
  });

  it('numbers the references TP7402166, TP7402166-002, TP7402166-003', () => {
    expect([1, 2, 3].map((number) => paymentReference('TP7402166', number))).toEqual([
      'TP7402166',
      'TP7402166-002',
      'TP7402166-003',
    ]);
    expect(() => paymentReference('TP7402166', 0)).toThrow(RangeError);
  });
});

describe('the payment texts', () => {
  it('has a label and a description for every state in English and Spanish', () => {
    const catalogue: Record<string, Record<string, string>> = apiCatalogue;
    for (const code of paymentStateCodes) {
      for (const key of Object.values(paymentTextKeys(code))) {
        for (const locale of supportedLocales) {
          expect(catalogue[key]?.[locale], `${key} (${locale})`).toMatch(/\S/);
        }
      }
    }
    expect(paymentStateResource('CANCELLED', 'es').label).toBe('Pago cancelado');
  });
});
