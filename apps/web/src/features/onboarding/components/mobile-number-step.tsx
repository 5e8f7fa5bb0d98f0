import type { Customer } from '@corridor/contracts';
import { Stack, Text } from '@mantine/core';
import { MobileNumberForm } from '@/features/customers';

/** The last step: a mobile number we can reach the customer on. */
export function MobileNumberStep({ customer }: { customer: Customer }) {
  return (
    <Stack gap="md">
      <Text>We use your mobile number to contact you about your transfers.</Text>
      <MobileNumberForm customer={customer} submitLabel="Continue" />
    </Stack>
  );
}
