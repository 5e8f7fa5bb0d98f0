import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo, routes } from '../../../config/routes';
import { ChangePasswordForm } from '../components/change-password-form';

export function SettingsScreen() {
  return (
    <Stack gap="lg">
      <Title order={1}>{routes.settings.title}</Title>
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
