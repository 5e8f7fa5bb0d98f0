import type {
  ConfirmQuoteBody,
  Customer,
  DocumentCategory,
  Locale,
  PaymentMethod,
} from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import type { Money } from '../../lib/money.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { checkSendingLimits, type SendingLimitInput } from '../pricing/index.ts';
import type { StoredQuote } from '../quotes/index.ts';

/**
 * Confirm's checks (docs/product/sending-money.md#confirming, #refusals): the body's fields (422,
 * all at once), then the refusals (412) in the order of `preconditionTypes`, the first that
 * applies. Each refusal's message is customer-readable and says what clears it.
 */

const refusal = (
  type: NonNullable<ConstructorParameters<typeof AppError>[1]>['type'],
  message: string,
  extra?: Record<string, unknown>,
) => new AppError('precondition_required', { type, message, ...(extra ? { extra } : {}) });

/** The payment method the customer chose, and the provider behind it. */
export interface ChosenPayment {
  method: PaymentMethod;
  provider: PaymentProvider;
}

/**
 * The body's field errors, keyed by field (`payment_data.<attribute>` for the provider's own),
 * or the chosen payment: the purpose must be one of the list, the method one the quote offers
 * with a provider configured, and `payment_data` exactly what the provider asks for.
 */
export function checkConfirmFields(
  body: ConfirmQuoteBody,
  offered: { purposeIds: ReadonlySet<string>; methods: readonly PaymentMethod[] },
  providerFor: (methodCode: string) => PaymentProvider | undefined,
  locale: Locale,
): ChosenPayment {
  const errors: Record<string, string[]> = {};
  if (!offered.purposeIds.has(body.purpose_id.toLowerCase())) {
    errors.purpose_id = [apiText('confirm.field.purposeUnknown')];
  }
  const method = offered.methods.find((candidate) => candidate.id === body.payment_method_id);
  const provider = method ? providerFor(method.code) : undefined;
  if (!method) errors.payment_method_id = [apiText('confirm.field.paymentMethodUnknown')];
  else if (!provider)
    errors.payment_method_id = [apiText('confirm.field.paymentMethodUnavailable')];
  if (provider) {
    const data = body.payment_data ?? {};
    const requirements = provider.requirements(locale);
    for (const attribute of Object.keys(data)) {
      if (!requirements.some((requirement) => requirement.attribute === attribute)) {
        errors[`payment_data.${attribute}`] = [apiText('confirm.field.paymentDataUnknown')];
      }
    }
    for (const requirement of requirements) {
      if (requirement.is_required && !data[requirement.attribute]) {
        errors[`payment_data.${requirement.attribute}`] = [
          apiText('confirm.field.paymentDataRequired'),
        ];
      }
    }
  }
  if (!method || !provider || Object.keys(errors).length > 0) throw AppError.validation(errors);
  return { method, provider };
}

/** What the profile refusals read: the customer as the wire shows them, and what they owe now. */
export interface ProfileFacts {
  customer: Customer;
  /** `pending_documents`, plus a source of funds when this transfer would take them past it. */
  owed: DocumentCategory[];
  /** The quote's recipient is still one of the customer's. */
  recipientLive: boolean;
}

/** Refusals 1–7: the account, the profile, the recipient and the documents (412), or nothing. */
export function profileRefusal({ customer, owed, recipientLive }: ProfileFacts): AppError | null {
  if (customer.is_blocked_for_sending) {
    return refusal('blocked_for_sending', apiText('confirm.blockedForSending'));
  }
  if (
    customer.country === null ||
    customer.is_identity_information_required ||
    customer.is_employment_information_required
  ) {
    return refusal('incomplete_customer_identity', apiText('confirm.incompleteIdentity'));
  }
  if (customer.is_address_information_required) {
    return refusal('incomplete_customer_address', apiText('confirm.incompleteAddress'));
  }
  // unverified_customer_mobile_number: not refused while mobile numbers are not verified at all
  // (the customer resource's `mobile_number_verified` is always false; issue 29).
  if (!recipientLive) return refusal('missing_recipient', apiText('confirm.missingRecipient'));
  if (owed.length > 0) {
    return refusal('account_verification_required', apiText('confirm.verificationRequired'), {
      pending_documents: owed,
    });
  }
  if (customer.poi_name_check === false) {
    return refusal('poi_info_check_failed', apiText('confirm.poiCheckFailed'));
  }
  return null;
}

/** Refusal 8: the quote's rate lock is over. */
export function expiryRefusal(quote: StoredQuote, now: Date): AppError | null {
  return quote.expires_at.getTime() <= now.getTime()
    ? refusal('quote_expired', apiText('confirm.quoteExpired'))
    : null;
}

/**
 * Refusal 9: the send is outside the quote's per-transfer bounds, or passes a rolling limit of
 * the customer's level (with the limit, its period and what is left).
 */
export function limitRefusal(quote: StoredQuote, limits: SendingLimitInput): AppError | null {
  const { send, min_send: min, max_send: max } = quote.figures;
  if (send.compare(min) < 0 || send.compare(max) > 0) {
    return refusal(
      'limit_exceeded',
      apiText('confirm.amountOutOfBounds', {
        min: min.toWire('min').min_currency_prefixed,
        max: max.toWire('max').max_currency_prefixed,
      }),
      { period: 'per_transfer', ...max.toWire('limit'), ...max.toWire('remaining') },
    );
  }
  const alert = checkSendingLimits({ ...limits, amount: send });
  if (alert === null) return null;
  return refusal('limit_exceeded', alert.message, {
    period: alert.window,
    ...alert.limit.toWire('limit'),
    ...alert.remaining.toWire('remaining'),
  });
}

/** Refusal 10: this quote is already a transfer (named, so a client can go and pay it). */
export function alreadyConfirmed(transactionId: string): AppError {
  return refusal('duplicate_transaction', apiText('confirm.alreadyConfirmed'), {
    transaction_id: transactionId,
  });
}

/** Refusal 10: an unfinished transfer of the same amount to the same recipient, just made. */
export function likelyDuplicate(transactionId: string): AppError {
  return refusal('duplicate_transaction', apiText('confirm.likelyDuplicate'), {
    transaction_id: transactionId,
  });
}

/** Whether the customer owes a source of funds once `send` is added to their 30-day sends. */
export function sourceOfFundsOwedWith(
  customer: Pick<Customer, 'documents' | 'pending_documents'>,
  sends: { total: Money; threshold: Money | undefined },
  send: Money,
  satisfying: (status: string) => boolean,
): boolean {
  if (sends.threshold === undefined) return false;
  if (customer.pending_documents.some((category) => category.code === 'SOF')) return false;
  const held = customer.documents.some(
    (document) => document.document_category.code === 'SOF' && satisfying(document.status_code),
  );
  return !held && sends.total.plus(send).compare(sends.threshold) > 0;
}
