import type { AttributeCategory, Customer } from '@corridor/contracts';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { pathTo, routes } from '@/config/routes';
import { AttributeForm, MobileNumberForm, useCustomer } from '@/features/customers';
import { ChangePasswordForm } from '../components/change-password-form';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="lg" id={id} aria-labelledby={`${id}-heading`}>
      <Stack gap="md">
        <Title order={2} size="h3" id={`${id}-heading`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

const categorySections: readonly { category: AttributeCategory; id: string; title: string }[] = [
  { category: 'identity', id: 'personal-details', title: 'Personal details' },
  { category: 'address', id: 'address', title: 'Address' },
  { category: 'employment', id: 'employment', title: 'Employment' },
];

function ProfileSections({ customer }: { customer: Customer }) {
  if (customer.country === null) {
    return (
      <Section id="profile" title="Your details">
        <Text>Choose your country first; it decides which details we ask for.</Text>
        <Anchor component={Link} to={pathTo('onboardingWorkflow')}>
          Complete your signup
        </Anchor>
      </Section>
    );
  }
  return (
    <>
      {categorySections.map(({ category, id, title }) => {
        const attributes = customer.attributes.filter(
          (attribute) => attribute.category === category,
        );
        // A country that does not ask for this category has no section for it.
        if (attributes.length === 0) return null;
        return (
          <Section key={category} id={id} title={title}>
            <AttributeForm
              category={category}
              attributes={attributes}
              submitLabel={`Save ${title.toLowerCase()}`}
              savedMessage={`${title} saved.`}
            />
          </Section>
        );
      })}
      <Section id="mobile-number" title="Mobile number">
        <MobileNumberForm
          customer={customer}
          submitLabel="Save mobile number"
          savedMessage="Your mobile number has been saved."
        />
      </Section>
    </>
  );
}

/** A link such as /settings#address (from a dashboard task) scrolls to its section. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '') return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
}

export function SettingsScreen() {
  const customer = useCustomer();
  useScrollToHash();
  return (
    <Stack gap="lg">
      <Title order={1}>{routes.settings.title}</Title>
      {customer !== undefined && <ProfileSections customer={customer} />}
      <Paper component="section" withBorder p="lg" aria-labelledby="change-password-heading">
        <Stack gap="md">
          <Title order={2} size="h3" id="change-password-heading">
            Change password
          </Title>
          <Text>
            After you change your password you will be signed out and can sign in again with the new
            one.
          </Text>
          <ChangePasswordForm />
        </Stack>
      </Paper>
      <Paper component="section" withBorder p="lg" aria-labelledby="devices-heading">
        <Stack gap="xs">
          <Title order={2} size="h3" id="devices-heading">
            Devices
          </Title>
          <Text>See where you are signed in and sign out devices you do not recognise.</Text>
          <Anchor component={Link} to={pathTo('devices')}>
            Manage your devices
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}
