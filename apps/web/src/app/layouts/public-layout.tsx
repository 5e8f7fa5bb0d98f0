import { Anchor, Container } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { pathTo } from '@/config/routes';

/** Frame of the screens anyone may open: sign-in, sign-up, password recovery, MFA, not found. */
export function PublicLayout() {
  return (
    <Container size="xs" py="xl">
      <header>
        <Anchor component={Link} to={pathTo('signIn')} fw={700} fz="xl" underline="never">
          Corridor
        </Anchor>
      </header>
      <main id="main-content">
        <Container px={0} pt="xl">
          <Outlet />
        </Container>
      </main>
    </Container>
  );
}
