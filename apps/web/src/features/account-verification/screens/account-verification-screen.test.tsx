import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCustomer, setCustomer } from '@/features/customers';
import { formatDate } from '@/i18n';
import {
  bankStatementType,
  customerDocumentFixture,
  customerWithDocuments,
  drivingLicenceType,
  poaCategory,
  poiCategory,
  sofCategory,
  utilityBillType,
} from '@/test/document-fixtures';
import { serveDocumentScreens } from '@/test/handlers';
import { renderRoutes } from '@/test/render';
import { clearToasts, Toaster } from '@/ui/toasts';
import { POLL_MS } from '../lib/use-live-customer';
import { AccountVerificationScreen } from './account-verification-screen';

const approved = customerDocumentFixture({
  n: 1,
  status: 'approved',
  createdAt: '2026-11-18T09:00:00.000Z',
  reviewedAt: '2026-11-19T10:00:00.000Z',
});
const processing = customerDocumentFixture({
  n: 2,
  category: poaCategory,
  type: bankStatementType,
  status: 'processing',
  createdAt: '2026-11-20T09:30:00.000Z',
});
const closerLook = customerDocumentFixture({
  n: 3,
  category: poaCategory,
  type: utilityBillType,
  status: 'review-required',
});
const rejected = customerDocumentFixture({
  n: 4,
  type: drivingLicenceType,
  status: 'rejected',
  reason: 'The photo is blurred. Take it again in good light.',
  reviewedAt: '2026-11-21T08:00:00.000Z',
});

/** The screen with the toasts of the signed-in frame. */
function Frame() {
  return (
    <>
      <AccountVerificationScreen />
      <Toaster />
    </>
  );
}

function renderScreen(path = '/account-verification') {
  return renderRoutes(
    [
      { path: '/account-verification', Component: Frame },
      { path: '/account-verification/upload/:category', element: <p>Category view</p> },
    ],
    path,
  );
}

const documentCards = () =>
  within(screen.getByRole('region', { name: 'Your documents' })).getAllByRole('listitem');
const owedCards = () =>
  within(screen.getByRole('region', { name: 'Still needed' })).getAllByRole('listitem');

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('AccountVerificationScreen', () => {
  it('shows each document coloured by its status, with its dates, and a rejection with its reason', async () => {
    const customer = customerWithDocuments(
      [approved, processing, closerLook, rejected],
      [poiCategory],
    );
    setCustomer(customer);
    serveDocumentScreens({ profile: () => customer });
    renderScreen();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Account verification' }),
    ).toBeInTheDocument();
    const [verified, checking, looking, notAccepted] = documentCards() as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    expect(verified).toHaveAttribute('data-tone', 'success');
    expect(
      within(verified).getByRole('heading', { level: 3, name: 'Passport' }),
    ).toBeInTheDocument();
    expect(verified).toHaveTextContent('Proof of identity');
    expect(verified).toHaveTextContent('Verified');
    expect(verified).toHaveTextContent(
      `Verified on ${formatDate('2026-11-19T10:00:00.000Z', 'en')}`,
    );

    expect(checking).toHaveAttribute('data-tone', 'info');
    expect(checking).toHaveTextContent("We're checking");
    expect(checking).toHaveTextContent(`Sent on ${formatDate('2026-11-20T09:30:00.000Z', 'en')}`);
    expect(looking).toHaveAttribute('data-tone', 'info');
    expect(looking).toHaveTextContent('A person is taking a closer look.');

    expect(notAccepted).toHaveAttribute('data-tone', 'danger');
    expect(notAccepted).toHaveTextContent('Not accepted');
    expect(notAccepted).toHaveTextContent('The photo is blurred. Take it again in good light.');
    expect(
      within(notAccepted).getByRole('link', { name: /^Upload again\W+Driving licence$/ }),
    ).toHaveAttribute('href', `/account-verification/upload/${poiCategory.id}`);
  });

  it('shows each owed category with why it is owed and where to start, keeping the way back', async () => {
    const customer = customerWithDocuments([], [poiCategory, poaCategory, sofCategory]);
    setCustomer(customer);
    serveDocumentScreens({ profile: () => customer });
    renderScreen('/account-verification?_rtr=viewTransaction&_rti=TX-42');

    const [identity, address, funds] = owedCards() as [HTMLElement, HTMLElement, HTMLElement];
    expect(
      within(identity).getByRole('heading', { name: 'Proof of identity' }),
    ).toBeInTheDocument();
    expect(identity).toHaveTextContent(
      'We need to confirm who you are before your first transfer.',
    );
    expect(identity).toHaveTextContent(
      'You can use: Passport, Driving licence, or National ID card.',
    );
    expect(
      within(identity).getByRole('link', { name: /^Start verification\W+Proof of identity$/ }),
    ).toHaveAttribute(
      'href',
      `/account-verification/upload/${poiCategory.id}?_rtr=viewTransaction&_rti=TX-42`,
    );
    expect(address).toHaveTextContent('We need proof of where you live');
    expect(funds).toHaveTextContent('Your transfers over the last 30 days');
    expect(screen.queryByRole('region', { name: 'Your documents' })).not.toBeInTheDocument();
    expect(screen.queryByText("You're all set")).not.toBeInTheDocument();
  });

  it('says so when nothing is owed and nothing is being checked', async () => {
    const customer = customerWithDocuments([approved]);
    setCustomer(customer);
    serveDocumentScreens({ profile: () => customer });
    renderScreen();
    expect(screen.getByRole('heading', { name: "You're all set" })).toBeInTheDocument();
    expect(documentCards()).toHaveLength(1);
  });

  it('says nothing else is needed while a document is being checked', async () => {
    const customer = customerWithDocuments([processing]);
    setCustomer(customer);
    serveDocumentScreens({ profile: () => customer });
    renderScreen();
    expect(
      screen.getByText("We don't need anything else from you while we check."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "You're all set" })).not.toBeInTheDocument();
  });

  it('fetches the customer again on opening, so what it shows is current', async () => {
    setCustomer(customerWithDocuments([], [poiCategory]));
    const api = serveDocumentScreens({ profile: () => customerWithDocuments([approved]) });
    renderScreen();
    expect(owedCards()).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: "You're all set" })).toBeInTheDocument();
    expect(api.profiles).toBe(1);
  });

  it('asks again every 30 seconds while a document is being checked, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = customerWithDocuments([processing]);
    setCustomer(current);
    const api = serveDocumentScreens({ profile: () => current });
    renderScreen();
    await waitFor(() => expect(api.profiles).toBe(1));

    current = customerWithDocuments([
      { ...processing, status_code: 'approved', status_title: 'Approved' },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    await waitFor(() => expect(api.profiles).toBe(2));
    expect(await screen.findByText('Verified')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 3));
    expect(api.profiles).toBe(2);
  });
});

describe('AccountVerificationScreen, details from the ID', () => {
  it('offers the name from the ID when it differs, and copies it over once confirmed', async () => {
    const differs = customerWithDocuments([approved], [], { poi_name_check: false });
    setCustomer(differs);
    const api = serveDocumentScreens({
      profile: () => differs,
      applyInfo: () => ({ ...differs, poi_name_check: true, name: 'Jane' }),
    });
    renderScreen();
    await waitFor(() => expect(api.profiles).toBe(1));

    expect(screen.getByText('Your ID shows different details')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use the name from my ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use the details from your ID?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use the name from my ID' }));

    await waitFor(() => expect(api.applyInfo).toBe(1));
    await waitFor(() =>
      expect(screen.queryByText('Your ID shows different details')).not.toBeInTheDocument(),
    );
    expect(getCustomer()?.name).toBe('Jane');
    expect(
      await screen.findByText('Your profile now uses the name on your ID.'),
    ).toBeInTheDocument();
  });
});
