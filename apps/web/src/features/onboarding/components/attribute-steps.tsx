import type { AttributeCategory, Customer } from '@corridor/contracts';
import { Stack, Text } from '@mantine/core';
import { AttributeForm } from '@/features/customers';
import { commonMessages, useT } from '@/i18n';
import { onboardingMessages, type OnboardingMessageKey } from '../messages';

function attributesOf(customer: Customer, category: AttributeCategory) {
  return customer.attributes.filter((attribute) => attribute.category === category);
}

function CategoryStep({
  customer,
  category,
  intro,
}: {
  customer: Customer;
  category: AttributeCategory;
  intro: OnboardingMessageKey;
}) {
  const t = useT(onboardingMessages);
  const common = useT(commonMessages);
  return (
    <Stack gap="md">
      <Text>{t(intro)}</Text>
      <AttributeForm
        category={category}
        attributes={attributesOf(customer, category)}
        submitLabel={common('action.continue')}
      />
    </Stack>
  );
}

export function IdentityStep({ customer }: { customer: Customer }) {
  return <CategoryStep customer={customer} category="identity" intro="identity.intro" />;
}

export function EmploymentStep({ customer }: { customer: Customer }) {
  return <CategoryStep customer={customer} category="employment" intro="employment.intro" />;
}

export function AddressStep({ customer }: { customer: Customer }) {
  return <CategoryStep customer={customer} category="address" intro="address.intro" />;
}
