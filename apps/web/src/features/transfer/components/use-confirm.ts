import type { ConfirmQuoteBody, SavedQuote } from '@corridor/contracts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '@/config/routes';
import { newIdempotencyKey } from '@/features/quotes/parts';
import { errorType } from '@/lib/api-error';
import { formErrors, type FormErrors } from '@/lib/form-errors';
import { HttpError } from '@/lib/http-error';
import { confirmQuote } from '../api/confirm-quote';
import { getLatestTransactions } from '../api/get-latest-transactions';
import { findConfirmedTransfer, type ConfirmAttempt } from '../lib/double-payment';
import { refusalOf, type Refusal } from '../lib/refusal';
import { forgetDraft } from '../lib/transfer-draft';

/** The review form's fields, as a 422 names them (`payment_data.<attribute>` as they come). */
export type ConfirmField = 'purpose' | 'method' | 'declaration' | `payment_data.${string}`;

/**
 * Where confirm stands: sending; its answer lost (no answer, a 5xx, the customer stopped
 * waiting) and the latest transfers being read (docs/product/routes-and-screens.md#transfer-wizard, double-payment safety); none of them is this one, so
 * nothing was charged and a retry is safe; or the check failed too, so only "check again".
 */
export type ConfirmPhase = 'idle' | 'confirming' | 'checking' | 'not-created' | 'check-failed';

/** No answer, a server error, the customer stopped waiting, or the key still running. */
function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof HttpError)) return true;
  const { status } = error;
  if (status === undefined || status >= 500) return true;
  return status === 409 && errorType(error) === 'idempotency_key_in_use';
}

const noErrors: FormErrors<ConfirmField> = { fields: {}, failure: null };

export interface Confirm {
  phase: ConfirmPhase;
  errors: FormErrors<ConfirmField>;
  send: (body: ConfirmQuoteBody) => void;
  /** Stops waiting for a slow answer, then checks whether the transfer exists. */
  stopWaiting: () => void;
  /** Reads the latest transfers again after a failed check. */
  checkAgain: () => void;
  /** Sends the last choices again (the ID's details applied after `poi_info_check_failed`). */
  sendAgain: () => void;
}

/**
 * Confirms the quote (docs/product/sending-money.md#confirming): 201 goes to /pay/{id}; a
 * refusal goes to `onRefusal`; a 422 to the fields. When the outcome is unknown, the latest
 * transfers are read before a retry is offered, and a retry of the same choices reuses the
 * Idempotency-Key, so the customer never pays twice; a definite answer frees it.
 */
export function useConfirm(
  quote: SavedQuote,
  onRefusal: (refusal: Refusal) => void,
  fallback: string,
): Confirm {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<ConfirmPhase>('idle');
  const [errors, setErrors] = useState<FormErrors<ConfirmField>>(noErrors);
  const sent = useRef<{ body: string; key: string; attempt: ConfirmAttempt } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const lastBody = useRef<ConfirmQuoteBody | null>(null);

  const finish = (transactionId: string) => {
    forgetDraft(quote.id);
    void navigate(pathTo('makePayment', { transactionId }));
  };

  const check = async () => {
    const attempt = sent.current?.attempt;
    if (attempt === undefined) return setPhase('idle');
    setPhase('checking');
    try {
      const found = findConfirmedTransfer(
        await getLatestTransactions(attempt.recipientId),
        attempt,
      );
      if (found !== undefined) return finish(found.id);
      setPhase('not-created');
    } catch {
      setPhase('check-failed');
    }
  };

  const send = (body: ConfirmQuoteBody) => {
    if (phase === 'confirming' || phase === 'checking') return;
    lastBody.current = body;
    const text = JSON.stringify(body);
    // The same choices after a lost answer: the same key. Anything else is another request.
    if (sent.current?.body !== text) {
      sent.current = {
        body: text,
        key: newIdempotencyKey(),
        attempt: {
          recipientId: quote.recipient?.id ?? '',
          paymentCurrencyId: quote.payment_currency.id,
          localAmount: quote.local_amount,
          startedAt: Date.now(),
        },
      };
    }
    const { key } = sent.current;
    const abort = new AbortController();
    controller.current = abort;
    setPhase('confirming');
    setErrors(noErrors);
    confirmQuote(quote.id, body, key, abort.signal).then(
      (transaction) => finish(transaction.id),
      (error: unknown) => {
        if (outcomeUnknown(error)) return void check();
        sent.current = null;
        setPhase('idle');
        const refusal = refusalOf(error);
        if (refusal !== null) return onRefusal(refusal);
        const fieldMap: Record<string, ConfirmField> = {
          purpose_id: 'purpose',
          payment_method_id: 'method',
          third_party_declaration_accepted: 'declaration',
        };
        for (const attribute of Object.keys(body.payment_data ?? {})) {
          fieldMap[`payment_data.${attribute}`] = `payment_data.${attribute}`;
        }
        setErrors(formErrors(error, fieldMap, fallback));
      },
    );
  };

  return {
    phase,
    errors,
    send,
    stopWaiting: () => controller.current?.abort(),
    checkAgain: () => void check(),
    sendAgain: () => {
      if (lastBody.current !== null) send(lastBody.current);
    },
  };
}
