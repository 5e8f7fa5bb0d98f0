import type { AttributeCategory, Customer } from '@corridor/contracts';
import { Stack, Text } from '@mantine/core';
import { AttributeForm } from '@/features/customers';

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
  intro: string;
}) {
  return (
    <Stack gap="md">
      <Text>{intro}</Text>
      <AttributeForm
        category={category}
        attributes={attributesOf(customer, category)}
        submitLabel="Continue"
      />
    </Stack>
  );
}

export function IdentityStep({ customer }: { customer: Customer }) {
  return (
    <CategoryStep
      customer={customer}
      category="identity"
      intro="Enter your details exactly as they appear on your identity document."
    />
  );
}

export function EmploymentStep({ customer }: { customer: Customer }) {
  return (
    <CategoryStep
      customer={customer}
      category="employment"
      intro="We are required to ask about your work and income."
    />
  );
}

export function AddressStep({ customer }: { customer: Customer }) {
  return <CategoryStep customer={customer} category="address" intro="Enter your home address." />;
}
