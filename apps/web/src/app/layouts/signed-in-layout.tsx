import {
  Anchor,
  AppShell,
  Burger,
  Button,
  Group,
  NavLink,
  em,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { findRoute, pathTo, routes, type RouteName } from '@/config/routes';
import { useCustomer } from '@/features/customers';
import { signOut } from '../session';
import { useCustomerChannel } from '../use-customer-channel';
import { SignedInProviders } from './signed-in-providers';
import './signed-in-styles';

interface NavItem {
  /** The section's screen; its title is the link's label. */
  to: RouteName;
  /** Routes that belong to this section and highlight it. */
  section: readonly RouteName[];
}

const navItems: readonly NavItem[] = [
  { to: 'dashboard', section: ['dashboard'] },
  { to: 'transactions', section: ['transactions', 'viewTransaction'] },
  { to: 'recipients', section: ['recipients', 'viewRecipient'] },
  { to: 'accountVerification', section: ['accountVerification', 'categoryView'] },
  { to: 'settings', section: ['settings'] },
  { to: 'devices', section: ['devices'] },
];

/** Frame of every screen that needs a signed-in customer, inside the query cache they use. */
export function SignedInLayout() {
  return (
    <SignedInProviders>
      <SignedInFrame />
    </SignedInProviders>
  );
}

/** Header, navigation, main content. */
function SignedInFrame() {
  const theme = useMantineTheme();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const isDesktop = useMediaQuery(`(min-width: ${em(theme.breakpoints.sm)})`);
  const [signingOut, setSigningOut] = useState(false);
  const current = findRoute(useLocation().pathname)?.name;
  useCustomerChannel(useCustomer());

  const onSignOut = () => {
    setSigningOut(true);
    void signOut().finally(() => setSigningOut(false));
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={navOpened}
              aria-controls="main-navigation"
            />
            <Anchor component={Link} to={pathTo('dashboard')} fw={700} fz="xl" underline="never">
              Corridor
            </Anchor>
          </Group>
          <Button variant="default" onClick={onSignOut} disabled={signingOut}>
            Sign out
          </Button>
        </Group>
      </AppShell.Header>
      {/* Off-screen on phones while collapsed: inert keeps its links out of the tab order. */}
      <AppShell.Navbar
        id="main-navigation"
        aria-label="Main"
        p="sm"
        inert={isDesktop !== true && !navOpened}
      >
        {navItems.map((item) => {
          const active = current !== undefined && item.section.includes(current);
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={pathTo(item.to)}
              label={routes[item.to].title}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={closeNav}
            />
          );
        })}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
