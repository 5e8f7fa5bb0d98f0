import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/http-error';
import { preconditionTypes } from '@corridor/contracts';
import { refusalOf, routeOfRefusal } from './refusal';

const answer = (status: number, data: unknown) => new HttpError('POST confirm', { status, data });
const category = { id: 'c1', code: 'SOF', title: 'Source of funds', description: null };

describe('refusalOf', () => {
  it('reads a 412’s type, message, owed documents (either shape) and named transaction', () => {
    expect(
      refusalOf(
        answer(412, {
          type: 'account_verification_required',
          message: 'We need your source of funds.',
          pending_documents: [category, { id: 'p1', document_category: category }, 'junk'],
        }),
      ),
    ).toEqual({
      type: 'account_verification_required',
      message: 'We need your source of funds.',
      pendingDocuments: [category, category],
      transactionId: null,
    });
    expect(
      refusalOf(
        answer(412, { type: 'duplicate_transaction', message: 'Sent.', transaction_id: 't1' }),
      )?.transactionId,
    ).toBe('t1');
  });

  it('is null for anything but a typed 412', () => {
    expect(refusalOf(answer(409, { type: 'x', message: 'y' }))).toBeNull();
    expect(refusalOf(answer(412, { message: 'no type' }))).toBeNull();
    expect(refusalOf(new Error('boom'))).toBeNull();
  });
});

describe('routeOfRefusal', () => {
  it('routes every refusal confirm can answer, and anything else to its message', () => {
    const routed = preconditionTypes.map((type) => [type, routeOfRefusal(type)]);
    expect(Object.fromEntries(routed)).toEqual({
      // Handled by the HTTP client (the MFA screen and back), never shown by the wizard.
      more_authentication_required: 'message',
      blocked_for_sending: 'blocked',
      incomplete_customer_identity: 'onboarding',
      incomplete_customer_address: 'address',
      unverified_customer_mobile_number: 'onboarding',
      missing_recipient: 'recipient',
      account_verification_required: 'verification',
      poi_info_check_failed: 'poi',
      quote_expired: 'requote',
      limit_exceeded: 'amount',
      duplicate_transaction: 'duplicate',
    });
    expect(routeOfRefusal('toString')).toBe('message');
  });
});
