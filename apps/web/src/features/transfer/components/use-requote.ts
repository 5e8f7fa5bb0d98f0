import type { QuoteRequest, SavedQuote } from '@corridor/contracts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '@/config/routes';
import { newIdempotencyKey, saveQuote } from '@/features/quotes/parts';
import { useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { chooseQuoteRecipient } from '../api/choose-quote-recipient';
import { snapshotOf, type QuoteSnapshot } from '../lib/quote-diff';
import { rememberDraft, type TransferDraft } from '../lib/transfer-draft';
import { transferMessages } from '../messages';

/** The history state of a re-quoted transfer: the figures it replaced, to show what changed. */
export interface RequotedState {
  requotedFrom: QuoteSnapshot;
}

/** The same transfer asked again: the side typed, the amount, the corridor, method and partner. */
export function requestOf(quote: SavedQuote): QuoteRequest {
  return {
    amount_type: quote.amount_type,
    amount: quote.amount,
    payment_country_id: quote.payment_country.id,
    payment_currency_id: quote.payment_currency.id,
    payout_country_id: quote.payout_country.id,
    payout_currency_id: quote.payout_currency.id,
    payout_method_id: quote.payout_method.id,
    payout_company_id: quote.payout_company?.id,
  };
}

/**
 * A new quote for an expired one (docs/product/sending-money.md#the-saved-quote): saved with the
 * same request and recipient, the draft carried over, and the wizard opened on it with the old
 * figures beside, so the customer sees what changed before confirming again. Replaces the
 * expired quote in the history: Back does not return to a quote that cannot be confirmed.
 */
export function useRequote(quote: SavedQuote, draft: TransferDraft) {
  const t = useT(transferMessages);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per re-quote, kept across its retries: a lost answer saves one quote, not two.
  const key = useRef<string | null>(null);

  const run = () => {
    if (busy) return;
    key.current ??= newIdempotencyKey();
    setBusy(true);
    setFailure(null);
    saveQuote(requestOf(quote), key.current)
      .then((fresh) =>
        quote.recipient === null ? fresh : chooseQuoteRecipient(fresh.id, quote.recipient.id),
      )
      .then((fresh) => {
        rememberDraft(fresh.id, draft);
        const state: RequotedState = { requotedFrom: snapshotOf(quote) };
        void navigate(pathTo('transferWizard', { quoteId: fresh.id }), { replace: true, state });
      })
      .catch((error: unknown) => {
        setBusy(false);
        setFailure(describeError(error, t('requote.failed')));
      });
  };

  return { run, busy, failure };
}
