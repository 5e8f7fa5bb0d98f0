import { forgetInSession, recallFromSession, rememberInSession } from '@/lib/session-memory';

/**
 * What the customer chose on the review step, kept for the tab's session so that a detour
 * (the second factor's 412 sends them to /mfa and back, docs/product/routes-and-screens.md#transfer-wizard) or a reload keeps it.
 * Cleared once the transfer is confirmed; sign-out forgets the whole session memory.
 */
export interface TransferDraft {
  purposeId: string | null;
  paymentMethodId: string | null;
  /** `{attribute: value}` as the provider's `payment_data_requirements` ask. */
  paymentData: Record<string, string>;
  declarationAccepted: boolean;
}

export const emptyDraft: TransferDraft = {
  purposeId: null,
  paymentMethodId: null,
  paymentData: {},
  declarationAccepted: false,
};

const nameFor = (quoteId: string) => `checkout-draft:${quoteId}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The draft kept for this quote, or undefined; anything malformed is dropped, not trusted. */
export function recallDraft(quoteId: string): TransferDraft | undefined {
  const kept = recallFromSession(nameFor(quoteId));
  if (!isRecord(kept)) return undefined;
  const paymentData: Record<string, string> = {};
  if (isRecord(kept.paymentData)) {
    for (const [key, value] of Object.entries(kept.paymentData)) {
      if (typeof value === 'string') paymentData[key] = value;
    }
  }
  return {
    purposeId: stringOrNull(kept.purposeId),
    paymentMethodId: stringOrNull(kept.paymentMethodId),
    paymentData,
    declarationAccepted: kept.declarationAccepted === true,
  };
}

export function rememberDraft(quoteId: string, draft: TransferDraft): void {
  rememberInSession(nameFor(quoteId), draft);
}

export function forgetDraft(quoteId: string): void {
  forgetInSession(nameFor(quoteId));
}
