import type { TaskId } from '@corridor/contracts';
import { pathTo } from '@/config/routes';

/** Where each to-do is done. */
export function taskLink(id: TaskId): string {
  switch (id) {
    case 'email_verification':
    case 'has_contact_number':
      return pathTo('onboardingWorkflow');
    case 'has_identity_document':
      return pathTo('accountVerification');
    case 'has_address':
      return `${pathTo('settings')}#address`;
    case 'recipient_created':
      return pathTo('recipients');
    case 'transaction_sent':
      return pathTo('transactions');
  }
}
