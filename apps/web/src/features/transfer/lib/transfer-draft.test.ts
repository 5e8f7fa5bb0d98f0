import { describe, expect, it } from 'vitest';
import { rememberInSession } from '@/lib/session-memory';
import { forgetDraft, recallDraft, rememberDraft } from './transfer-draft';

describe('the transfer draft', () => {
  it('is kept per quote until forgotten', () => {
    const draft = {
      purposeId: 'p1',
      paymentMethodId: 'm1',
      paymentData: { payer_email: 'ada@example.com' },
      declarationAccepted: true,
    };
    rememberDraft('q1', draft);
    expect(recallDraft('q1')).toEqual(draft);
    expect(recallDraft('q2')).toBeUndefined();
    forgetDraft('q1');
    expect(recallDraft('q1')).toBeUndefined();
  });

  it('drops what is malformed rather than trusting it', () => {
    rememberInSession('checkout-draft:q3', {
      purposeId: 7,
      paymentData: { ok: 'yes', bad: 1 },
      declarationAccepted: 'true',
    });
    expect(recallDraft('q3')).toEqual({
      purposeId: null,
      paymentMethodId: null,
      paymentData: { ok: 'yes' },
      declarationAccepted: false,
    });
  });
});
