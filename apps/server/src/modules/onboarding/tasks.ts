import type { Attribute, Customer, Task } from '@corridor/contracts';

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

/** The dashboard to-dos (original product §2.11), in the order a customer meets them. */
export function customerTasks(customer: Customer): Task[] {
  const address = addressStatus(customer);
  return [
    {
      id: 'email_verification',
      title: 'Verify your email address',
      description: 'Enter the 6-digit code we emailed you to confirm your address.',
      status: customer.account.is_email_verified ? 'completed' : 'pending',
    },
    {
      id: 'has_contact_number',
      title: 'Add your mobile number',
      description: 'Add a mobile number so we can reach you about your transfers.',
      status: customer.account.mobile_number ? 'completed' : 'pending',
    },
    {
      id: 'has_identity_document',
      title: 'Verify your identity',
      description: 'Upload a photo of your passport, driving licence or national ID card.',
      status: 'pending',
    },
    {
      id: 'has_address',
      title: 'Add your home address',
      description:
        address === 'in_progress'
          ? 'Finish your home address: some required details are still missing.'
          : 'Tell us where you live, as it appears on your bills or bank statements.',
      status: address,
    },
    {
      id: 'recipient_created',
      title: 'Add a recipient',
      description: 'Add the person or business you want to send money to.',
      status: 'pending',
    },
    {
      id: 'transaction_sent',
      title: 'Send your first transfer',
      description: 'Get a quote, check the rate and fees, and send money home.',
      status: 'pending',
    },
  ];
}
