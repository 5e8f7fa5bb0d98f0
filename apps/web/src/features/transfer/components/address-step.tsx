import type { Customer } from '@corridor/contracts';
import { Stack } from '@mantine/core';
import { AttributeForm } from '@/features/customers';
import { commonMessages, useT } from '@/i18n';
import { transferMessages } from '../messages';
import { StepHeading } from './step-heading';

/**
 * The customer's address, when confirm needs it (`is_address_information_required`, or a 412
 * `incomplete_customer_address`): onboarding's address form, saved, then on.
 */
export function AddressStep({ customer, onSaved }: { customer: Customer; onSaved: () => void }) {
  const t = useT(transferMessages);
  const common = useT(commonMessages);
  return (
    <Stack gap="md">
      <StepHeading title={t('step.address')} description={t('address.intro')} />
      <AttributeForm
        category="address"
        attributes={customer.attributes.filter((attribute) => attribute.category === 'address')}
        submitLabel={common('action.continue')}
        onSaved={onSaved}
      />
    </Stack>
  );
}
