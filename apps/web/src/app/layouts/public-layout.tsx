import { Anchor, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { pathTo } from '@/config/routes';
import { LanguageSwitch } from '@/i18n';

/**
 * Frame of the screens anyone may open: sign-in, sign-up, password recovery, MFA, not found. The
 * language switch sits in its header, so a customer can change language before signing in.
 */
export function PublicLayout() {
  return (
    <Container size="xs" py="xl">
      <Group component="header" justify="space-between" wrap="nowrap">
        <Anchor component={Link} to={pathTo('signIn')} fw={700} fz="xl" underline="never">
          Corridor
        </Anchor>
        <LanguageSwitch compact />
      </Group>
      <main id="main-content">
        <Container px={0} pt="xl">
          <Outlet />
        </Container>
      </main>
    </Container>
  );
}
