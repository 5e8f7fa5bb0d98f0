import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Transactions from '@/features/transactions';
import { setLocale } from '@/i18n';
import { onboardedCustomerFixture } from '@/test/fixtures';
import {
  serveCountries,
  serveMoneyScreens,
  servePasswordPolicy,
  serveProfile,
} from '@/test/handlers';
import { renderRoutes } from '@/test/render';
import { configurePreloadRecovery, resetPreloadRecovery } from '../preload-error';
import { appRoutes } from '../router';
import { InitialLoad } from './root-layout';

// The transactions screen's file cannot be fetched (the network went away) as many times as
// `failures` says; then it downloads as usual.
const offline = vi.hoisted(() => ({ failures: 0 }));
vi.mock('@/features/transactions', async (importOriginal) => {
  const actual = await importOriginal<typeof Transactions>();
  return {
    ...actual,
    loadTransactionsScreen: () => {
      if (offline.failures > 0) {
        offline.failures -= 1;
        return Promise.reject(
          new TypeError('Failed to fetch dynamically imported module: /assets/transactions.js'),
        );
      }
      return actual.loadTransactionsScreen();
    },
  };
});

/** Half-way through changing the password (a form settings does not guard: see settings). */
async function typeInSettings() {
  serveProfile(onboardedCustomerFixture());
  servePasswordPolicy();
  serveCountries();
  // The transactions screen opened below prices a transfer.
  serveMoneyScreens();
  const rendered = renderRoutes(appRoutes, '/settings#security');
  const security = within(
    await screen.findByRole('region', { name: 'Sign-in and security' }, { timeout: 10_000 }),
  );
  const current = security.getByLabelText(/^Current password/, { selector: 'input' });
  await userEvent.type(current, 'Old pw');
  return { ...rendered, current };
}

const transactionsLink = () =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
    name: 'Transactions',
  });

describe('a screen that cannot be downloaded (defect 14)', () => {
  // The frame and the settings screen compile on first import: not on the tests' clock, which
  // a busy machine (the whole suite on two cores) can otherwise run out.
  beforeAll(async () => {
    await Promise.all([import('./signed-in-layout'), import('@/features/settings')]).then(
      ([, settings]) => settings.loadSettingsScreen(),
    );
  }, 60_000);

  beforeEach(() => {
    configurePreloadRecovery({ probe: () => Promise.resolve(false) });
  });
  afterEach(() => {
    offline.failures = 0;
    resetPreloadRecovery();
  });

  it('defect 14: offline, shows our “can’t reach Corridor” panel with Retry and keeps what was typed', async () => {
    const { router, current } = await typeInSettings();
    offline.failures = 1;
    await userEvent.click(transactionsLink());

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent("We can't reach Corridor right now.");
    // The screen on view stays, with the customer's typing in it.
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(current).toHaveValue('Old pw');
    expect(router.state.location.pathname).toBe('/settings');

    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { level: 1, name: 'Transactions' });
    expect(router.state.location.pathname).toBe('/transactions');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('defect 14: Cancel stays on the screen, and the next try opens it once it can', async () => {
    const { router, current } = await typeInSettings();
    offline.failures = 1;
    await userEvent.click(transactionsLink());
    const panel = await screen.findByRole('alert');
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(router.state.navigation.state).toBe('idle');
    expect(current).toHaveValue('Old pw');

    // Back online: asking again finds the load still waiting, and Retry finishes it.
    await userEvent.click(transactionsLink());
    await userEvent.click(
      within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Transactions' });
  });
});

describe('the first load’s fallback', () => {
  afterEach(async () => {
    await setLocale('en', { remember: false });
  });

  it('says it is loading Corridor in the page’s language', async () => {
    const { unmount } = render(<InitialLoad />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Corridor…');
    unmount();

    await setLocale('es', { remember: false });
    render(<InitialLoad />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando Corridor…');
  });
});
