import { HttpError } from '@/lib/http-error';

/**
 * A 412 refusal of confirm (docs/product/sending-money.md#refusals), read by hand as every error
 * body is (lib/api-error.ts): its type, its customer-readable message and the extra keys the
 * wizard uses.
 */
export interface Refusal {
  type: string;
  message: string;
  /** `account_verification_required`: the categories still owed. */
  pendingDocuments: OwedCategory[] | null;
  /** `duplicate_transaction`: the transfer this quote already is. */
  transactionId: string | null;
}

/** A document category still owed, as much of it as the verification step shows. */
export interface OwedCategory {
  id: string;
  code: string;
  title: string;
  description: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A category, or a pending document wrapping one (`{id, …, document_category}`). */
function owedCategoryOf(item: unknown): OwedCategory | null {
  const category =
    isRecord(item) && isRecord(item.document_category) ? item.document_category : item;
  if (!isRecord(category)) return null;
  const { id, code, title, description } = category;
  if (typeof id !== 'string' || typeof code !== 'string' || typeof title !== 'string') return null;
  return { id, code, title, description: typeof description === 'string' ? description : null };
}

function transactionIdOf(data: Record<string, unknown>): string | null {
  if (typeof data.transaction_id === 'string') return data.transaction_id;
  const { transaction } = data;
  return isRecord(transaction) && typeof transaction.id === 'string' ? transaction.id : null;
}

/** The refusal a failed confirm carries, or null when it is not a 412 with a type. */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof HttpError) || error.status !== 412 || !isRecord(error.data)) return null;
  const { type, message, pending_documents: pending } = error.data;
  if (typeof type !== 'string') return null;
  return {
    type,
    message: typeof message === 'string' ? message : '',
    pendingDocuments: Array.isArray(pending)
      ? pending.map(owedCategoryOf).filter((item): item is OwedCategory => item !== null)
      : null,
    transactionId: transactionIdOf(error.data),
  };
}

/** Where the wizard takes a refusal: the step or the action that clears it. */
export type RefusalRoute =
  | 'blocked'
  | 'onboarding'
  | 'address'
  | 'recipient'
  | 'verification'
  | 'poi'
  | 'requote'
  | 'amount'
  | 'duplicate'
  | 'message';

const routes: Readonly<Record<string, RefusalRoute>> = {
  blocked_for_sending: 'blocked',
  incomplete_customer_identity: 'onboarding',
  unverified_customer_mobile_number: 'onboarding',
  incomplete_customer_address: 'address',
  missing_recipient: 'recipient',
  account_verification_required: 'verification',
  poi_info_check_failed: 'poi',
  quote_expired: 'requote',
  limit_exceeded: 'amount',
  duplicate_transaction: 'duplicate',
};

/** The route of a refusal's type; an unknown type shows its message (never a spinner). */
export function routeOfRefusal(type: string): RefusalRoute {
  return Object.hasOwn(routes, type) ? (routes[type] ?? 'message') : 'message';
}
