import type { SavedQuote } from '@corridor/contracts';
import { useState } from 'react';
import { emptyDraft, recallDraft, rememberDraft, type TransferDraft } from '../lib/transfer-draft';

/**
 * The review's choices, kept in the session as they change (a 412 more_authentication_required
 * leaves for /mfa at once, from the HTTP client), restored when the wizard opens again. The one
 * payment method is chosen for the customer; a method or purpose the quote no longer offers is
 * dropped.
 */
export function useDraft(quote: SavedQuote) {
  const [initial] = useState(() => {
    const kept = recallDraft(quote.id);
    const draft = kept ?? emptyDraft;
    const methods = quote.payment_methods;
    const purposes = quote.purposes ?? [];
    const method = methods.some((m) => m.id === draft.paymentMethodId)
      ? draft.paymentMethodId
      : methods.length === 1
        ? (methods[0]?.id ?? null)
        : null;
    const purpose = purposes.some((p) => p.id === draft.purposeId) ? draft.purposeId : null;
    return {
      draft: { ...draft, paymentMethodId: method, purposeId: purpose },
      restored: kept !== undefined && (kept.purposeId !== null || kept.declarationAccepted),
    };
  });
  const [draft, setDraft] = useState<TransferDraft>(initial.draft);
  const change = (next: TransferDraft) => {
    setDraft(next);
    rememberDraft(quote.id, next);
  };
  return { draft, change, restored: initial.restored };
}
