/**
 * A payout partner: the company that delivers the money to the recipient (a bank network, a
 * mobile-money operator, a cash-pickup agent network). The transfers module hands it a payout
 * and a job asks it, step by step on the injected clock, how far the payout has gone
 * (docs/sandbox-providers.md#payouts). A polling adapter asks the partner's API in `status`; a
 * webhook adapter answers from what the webhooks recorded.
 */

/** What the transfers module hands a partner: one transaction's payout. */
export interface PayoutRequest {
  transactionId: string;
  /**
   * Our payout's id and its attempt: the hand-over's idempotency key. A partner answers a
   * repeated hand-over of one attempt (a job run again after a crash or a failed batch) with the
   * receipt it gave the first, never paying twice.
   */
  payoutId: string;
  attempt: number;
  /** The payout company's code, e.g. `TERRA_PAY`. */
  partnerCode: string;
  /** `BANK-ACCOUNT`, `MOBILE-WALLET` or `CASH-PICKUP`; a partner refuses a method it does not know. */
  methodCode: string;
  /** What the recipient gets, in minor units of `currency`. */
  amountMinor: bigint;
  currency: string;
  recipient: {
    name: string;
    /**
     * The recipient's account as its channel's attributes name it: `account_number`, `iban` or
     * `clabe` for a bank account, `mobile_number` (`{country, number}`) and `wallet_provider`
     * for a wallet; nothing more for cash pickup.
     */
    attributes: Readonly<Record<string, unknown>>;
  };
}

/** The partner's answer to a hand-over: accepted with its reference, or refused with a reason. */
export type PartnerReceipt =
  | {
      outcome: 'accepted';
      /** The partner's reference for the payout: what every later question names. */
      reference: string;
      acceptedAt: Date;
      /**
       * When to first ask where the payout stands: the partner's own estimate of its next step,
       * so no poll is spent on a payout that cannot have moved yet. Absent: at once.
       */
      checkAgainAt?: Date;
      /** Cash pickup only: what the recipient tells the agent. A secret: never logged. */
      collectionPin: string | null;
    }
  | { outcome: 'refused'; reason: string };

export type AcceptedReceipt = Extract<PartnerReceipt, { outcome: 'accepted' }>;

/**
 * Where a payout stands at the partner: `accepted` (handed over: the transaction is
 * SENDING-FOR-PAYOUT), `sent` (on its way to the recipient: SENT-FOR-PAYOUT), then `paid`
 * (PAYOUT-SUCCESS) or `failed` (PAYOUT-FAILED, with the partner's reason), and after `paid`
 * possibly `reversed` (PAYOUT-REVERSED, the partner took it back).
 */
export type PartnerStatus =
  | { state: 'accepted' | 'sent' | 'paid'; since: Date; checkAgainAt: Date | null }
  | { state: 'failed' | 'reversed'; since: Date; reason: string; checkAgainAt: null };

export type PartnerState = PartnerStatus['state'];

/** A payout handed over and accepted: what the transfers module keeps to ask about it again. */
export interface SubmittedPayout {
  request: PayoutRequest;
  receipt: AcceptedReceipt;
}

export interface PayoutPartner {
  /**
   * Hands a payout over; refusals are answers, not errors (a real partner refuses too).
   * Idempotent by `payoutId` and `attempt`: asked again, the partner answers as it did.
   */
  submit(request: PayoutRequest): Promise<PartnerReceipt>;
  /**
   * Where the payout stands at `now`, and when to ask again (`checkAgainAt`; null once nothing
   * more will change, or when the partner will call back instead). A job runs again then.
   */
  status(payout: SubmittedPayout, now: Date): Promise<PartnerStatus>;
}
