import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { findRoute, pathTo, type RouteName } from '@/config/routes';
import { SignOutButton } from '@/features/accounts/parts';
import { useCustomer } from '@/features/customers';
import { useT } from '@/i18n';
import { AppShell, type ShellNavItem } from '@/ui/app-shell';
import { AccountIcon, ListIcon, PeopleIcon, SendIcon } from '@/ui/icons';
import { uiMessages, type UiMessageKey } from '@/ui/messages';
import { Toaster } from '@/ui/toasts';
import { useCustomerChannel } from '../use-customer-channel';
import { SignedInProviders } from './signed-in-providers';
import './signed-in-styles';

// The shell's words come with its chunk, so the frame never shows a key. A failed download is
// not fatal here: the words arrive on the next render that asks (useT).
await uiMessages.load().catch(() => undefined);

interface NavSection {
  /** The section's screen. */
  to: RouteName;
  label: UiMessageKey;
  icon: ReactNode;
  /** Routes that belong to this section and highlight it. */
  routes: readonly RouteName[];
}

/** The four sections of issue 14: Send (the dashboard), Transactions, Recipients, Account. */
const navSections: readonly NavSection[] = [
  {
    to: 'dashboard',
    label: 'shell.nav.send',
    icon: <SendIcon />,
    routes: ['dashboard', 'transferWizard', 'makePayment', 'paymentCallback'],
  },
  {
    to: 'transactions',
    label: 'shell.nav.transactions',
    icon: <ListIcon />,
    routes: ['transactions', 'viewTransaction'],
  },
  {
    to: 'recipients',
    label: 'shell.nav.recipients',
    icon: <PeopleIcon />,
    routes: ['recipients', 'viewRecipient'],
  },
  {
    to: 'settings',
    label: 'shell.nav.account',
    icon: <AccountIcon />,
    routes: ['settings', 'devices', 'accountVerification', 'categoryView'],
  },
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
  const t = useT(uiMessages);
  const current = findRoute(useLocation().pathname)?.name;
  useCustomerChannel(useCustomer());

  const navItems: ShellNavItem[] = navSections.map((section) => ({
    key: section.to,
    label: t(section.label),
    to: pathTo(section.to),
    icon: section.icon,
    active: current !== undefined && section.routes.includes(current),
  }));

  return (
    <AppShell
      homeTo={pathTo('dashboard')}
      navItems={navItems}
      accountActions={<SignOutButton />}
      overlays={<Toaster />}
    >
      <Outlet />
    </AppShell>
  );
}
