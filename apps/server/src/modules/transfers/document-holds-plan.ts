import type { HoldReasonCode } from '@corridor/contracts';
import type { StateRecord, TransitionCause } from './transaction-states.ts';

/**
 * Holds from documents, as pure decisions (docs/product/sending-money.md#holds-from-documents,
 * docs/decisions/0038-transaction-states.md): whether a transfer whose payment cleared waits for
 * its customer's proof of identity, and how a held transfer moves when that proof changes (handed
 * in, approved, rejected). The transfers module carries them out in one transaction each.
 */

/** What the customer's proofs of identity say now. */
export interface IdentityProof {
  /** A proof of identity is approved. */
  approved: boolean;
  /** One is handed in and not decided yet. */
  beingChecked: boolean;
}

/**
 * The hold a transfer whose payment just cleared must wait in, or null to move on: with no
 * approved proof of identity, it waits while one is being checked (UNDER-REVIEW) and otherwise
 * needs one (DOCUMENT-REQUIRED: it was rejected after confirming, or never given).
 */
export function holdAtClearance(
  proof: IdentityProof,
  everRejected: boolean,
): HoldReasonCode | null {
  if (proof.approved) return null;
  if (proof.beingChecked) return 'DOCUMENT-BEING-CHECKED';
  return everRejected ? 'DOCUMENT-REJECTED' : 'DOCUMENT-OWED';
}

/** One change the transfers module makes, in order. */
export interface DocumentHoldChange {
  to: 'CONVERTING-FOREX' | 'DOCUMENT-PROVIDED' | 'DOCUMENT-REQUIRED';
  cause: TransitionCause;
  holdReason?: HoldReasonCode;
}

const toRequired: DocumentHoldChange = {
  to: 'DOCUMENT-REQUIRED',
  cause: 'document-rejected',
  holdReason: 'DOCUMENT-REJECTED',
};

/**
 * The changes that bring a transfer held for its proof of identity where the proof now says
 * (none when it is where it should be, or is not held for a document):
 *
 * - waiting for the check (UNDER-REVIEW, DOCUMENT-BEING-CHECKED): approved → converting;
 *   rejected with nothing else being checked → DOCUMENT-REQUIRED (DOCUMENT-REJECTED);
 * - needing a document (DOCUMENT-REQUIRED): one handed in → DOCUMENT-PROVIDED, and on through
 *   the next case when it is already approved;
 * - DOCUMENT-PROVIDED: approved → converting; rejected with nothing being checked →
 *   DOCUMENT-REQUIRED again.
 *
 * Reading what is true now rather than which event arrived makes a repeated or late message
 * harmless: the outbox delivers at least once.
 */
export function documentHoldChanges(
  current: StateRecord,
  proof: IdentityProof,
): DocumentHoldChange[] {
  const settled = !proof.beingChecked;
  switch (current.state) {
    case 'UNDER-REVIEW':
      if (current.hold?.reason !== 'DOCUMENT-BEING-CHECKED') return [];
      if (proof.approved) return [{ to: 'CONVERTING-FOREX', cause: 'review-passed' }];
      return settled ? [toRequired] : [];
    case 'DOCUMENT-REQUIRED': {
      if (!proof.approved && !proof.beingChecked) return [];
      const provided: DocumentHoldChange = { to: 'DOCUMENT-PROVIDED', cause: 'document-provided' };
      return proof.approved
        ? [provided, { to: 'CONVERTING-FOREX', cause: 'document-accepted' }]
        : [provided];
    }
    case 'DOCUMENT-PROVIDED':
      if (proof.approved) return [{ to: 'CONVERTING-FOREX', cause: 'document-accepted' }];
      return settled ? [toRequired] : [];
    default:
      return [];
  }
}
