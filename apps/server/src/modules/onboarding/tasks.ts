import type { Attribute, Customer, Locale, Task } from '@corridor/contracts';
import { apiText, translate, type PlainTextKey } from '../../i18n/index.ts';
import { isBeingChecked } from '../documents/index.ts';

/** has_address: done when no required address attribute is owed; started when some are set. */
function addressStatus(customer: Customer): Task['status'] {
  if (customer.country === null) return 'pending';
  const required = customer.attributes.filter(
    (attribute: Attribute) => attribute.category === 'address' && attribute.is_required,
  );
  const set = required.filter((attribute) => attribute.value !== null).length;
  if (set === required.length) return 'completed';
  return set > 0 ? 'in_progress' : 'pending';
}

/**
 * has_identity_document: done once a proof of identity is approved; started while one is being
 * checked; a rejected one (and nothing else) leaves it pending, to be handed in again.
 */
function identityStatus(customer: Customer): Task['status'] {
  const proofs = customer.documents.filter((document) => document.document_category.code === 'POI');
  if (proofs.some((document) => document.status_code === 'approved')) return 'completed';
  return proofs.some((document) => isBeingChecked(document.status_code))
    ? 'in_progress'
    : 'pending';
}

/** What the to-dos know beyond the customer resource. */
export interface TaskFacts {
  /** The customer has a recipient they have not removed. */
  hasRecipient: boolean;
  /** The customer has confirmed a transfer (whatever became of it). */
  hasSent: boolean;
}

/** The dashboard to-dos (docs/product/customer-and-onboarding.md#tasks), in the order a customer meets them. */
export function customerTasks(customer: Customer, facts: TaskFacts, locale: Locale = 'en'): Task[] {
  const address = addressStatus(customer);
  const identity = identityStatus(customer);
  const task = (
    id: Task['id'],
    title: PlainTextKey,
    description: PlainTextKey,
    status: Task['status'],
  ): Task => ({
    id,
    title: translate(apiText(title), locale),
    description: translate(apiText(description), locale),
    status,
  });
  return [
    task(
      'email_verification',
      'tasks.verifyEmail.title',
      'tasks.verifyEmail.description',
      customer.account.is_email_verified ? 'completed' : 'pending',
    ),
    task(
      'has_contact_number',
      'tasks.mobile.title',
      'tasks.mobile.description',
      customer.account.mobile_number ? 'completed' : 'pending',
    ),
    task(
      'has_identity_document',
      'tasks.identity.title',
      identity === 'in_progress' ? 'documents.task.checking' : 'tasks.identity.description',
      identity,
    ),
    task(
      'has_address',
      'tasks.address.title',
      address === 'in_progress' ? 'tasks.address.unfinished' : 'tasks.address.description',
      address,
    ),
    task(
      'recipient_created',
      'tasks.recipient.title',
      'tasks.recipient.description',
      facts.hasRecipient ? 'completed' : 'pending',
    ),
    task(
      'transaction_sent',
      'tasks.transfer.title',
      'tasks.transfer.description',
      facts.hasSent ? 'completed' : 'pending',
    ),
  ];
}
