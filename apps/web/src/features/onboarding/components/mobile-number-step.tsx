import type { Customer } from '@corridor/contracts';
import { Stack, Text } from '@mantine/core';
import { MobileNumberForm } from '@/features/customers';
import { commonMessages, useT } from '@/i18n';
import { onboardingMessages } from '../messages';

/** The last step: a mobile number we can reach the customer on. */
export function MobileNumberStep({ customer }: { customer: Customer }) {
  const t = useT(onboardingMessages);
  const common = useT(commonMessages);
  return (
    <Stack gap="md">
      <Text>{t('mobile.intro')}</Text>
      <MobileNumberForm customer={customer} submitLabel={common('action.continue')} />
    </Stack>
  );
}
