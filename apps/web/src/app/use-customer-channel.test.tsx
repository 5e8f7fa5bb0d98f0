import { HttpResponse, http } from 'msw';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAccountVerificationScreen } from '@/features/account-verification';
import { getCustomer, setCustomer, useCustomer } from '@/features/customers';
import { setRealtimeFactory } from '@/features/realtime';
import { registerNavigate } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { fakeRealtimeFactory, serveRealtimeConfig, type FakeChannel } from '@/test/fake-realtime';
import {
  bankStatementType,
  customerDocumentFixture,
  customerWithDocuments,
  poaCategory,
} from '@/test/document-fixtures';
import { customerFixture } from '@/test/fixtures';
import { serveDocumentScreens } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderRoutes } from '@/test/render';
import { clearToasts, Toaster } from '@/ui/toasts';
import type * as ParseWith from '@/lib/parse-with';
import { useCustomerChannel } from './use-customer-channel';

// The checks of the channel's events, as they are, unless a test holds the next one back (a
// check that takes longer, as the first of its schema does in a browser).
const checks = vi.hoisted(() => ({ holdNext: undefined as Promise<void> | undefined }));
vi.mock('@/lib/parse-with', async (importOriginal) => {
  const actual = await importOriginal<typeof ParseWith>();
  return {
    ...actual,
    safeParseWith: async (...args: Parameters<typeof actual.safeParseWith>) => {
      const hold = checks.holdNext;
      checks.holdNext = undefined;
      if (hold !== undefined) await hold;
      return actual.safeParseWith(...args);
    },
  };
});

const navigate = vi.fn();
let undo: (() => void)[] = [];
let fake: ReturnType<typeof fakeRealtimeFactory>;

beforeEach(() => {
  fake = fakeRealtimeFactory();
  undo = [setRealtimeFactory(fake.factory), registerNavigate(navigate)];
  serveRealtimeConfig();
});

afterEach(() => {
  undo.forEach((fn) => fn());
  navigate.mockReset();
  vi.restoreAllMocks();
  act(() => clearToasts());
});

async function subscribe() {
  const customer = customerFixture();
  setCustomer(customer);
  const hook = renderHook(() => useCustomerChannel(customer));
  const channelName = `private-client-customer.${customer.id}`;
  await waitFor(() => expect(fake.clients[0]?.channels.has(channelName)).toBe(true));
  const channel = fake.clients[0]?.channels.get(channelName) as FakeChannel;
  return { customer, hook, channel, channelName };
}

describe('useCustomerChannel', () => {
  it('refreshes the profile once on CustomerProfileUpdated', async () => {
    const { customer, channel } = await subscribe();
    let fetches = 0;
    server.use(
      http.get('/client/v1/profile', () => {
        fetches += 1;
        return HttpResponse.json({ ...customer, name: 'Amina' });
      }),
    );

    channel.emit('.CustomerProfileUpdated', { customer_id: customer.id });

    await waitFor(() => expect(getCustomer()?.name).toBe('Amina'));
    expect(fetches).toBe(1);
  });

  it('signs this device out to sign-in, saying why (defect 21), on DeviceSignedOut for its own session', async () => {
    window.history.replaceState(null, '', '/settings');
    const { customer, channel } = await subscribe();
    queryClient.setQueryData(['other'], 1);

    channel.emit('.DeviceSignedOut', { session_id: customer.session.id });

    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/?redirect=%2Fsettings&referer=signed-out-elsewhere', {
        replace: true,
      }),
    );
    expect(getCustomer()).toBeUndefined();
    expect(queryClient.getQueryData(['other'])).toBeUndefined();
    expect(fake.clients[0]?.disconnected).toBe(1);
  });

  it('ignores DeviceSignedOut for another session', async () => {
    const { customer, channel } = await subscribe();

    channel.emit('.DeviceSignedOut', { session_id: '6f1f0a52-0d43-4d8e-9a4a-0a8c2c3f7b11' });

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(navigate).not.toHaveBeenCalled();
    expect(getCustomer()).toEqual(customer);
    expect(fake.clients[0]?.disconnected).toBe(0);
  });

  it('leaves the channel on unmount', async () => {
    const { hook, channelName } = await subscribe();

    hook.unmount();

    expect(fake.clients[0]?.left).toEqual([channelName]);
  });

  it('only logs when the subscription is refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { channel } = await subscribe();

    channel.errorCallback?.({ type: 'AuthError', status: 403 });

    expect(warn).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('only logs when the connection cannot be made', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    undo.push(setRealtimeFactory(() => Promise.reject(new Error('offline'))));
    const customer = customerFixture();

    renderHook(() => useCustomerChannel(customer));

    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(navigate).not.toHaveBeenCalled();
  });
});

// --- identity documents (issue 16) ---------------------------------------------------------

const statement = customerDocumentFixture({
  n: 1,
  category: poaCategory,
  type: bankStatementType,
  status: 'processing',
});

/** A document event as the server sends it: the titles in the customer's language. */
function documentEvent(customerId: string, status: string, reason: string | null = null) {
  return {
    customer_id: customerId,
    document_id: statement.id,
    category_code: 'POA',
    category: 'Proof of address',
    type_code: 'BANK_STATEMENT',
    type: 'Bank statement',
    status_code: status,
    status_title: status,
    rejection_reason: reason,
  };
}

const toastRegion = () => screen.getByRole('region', { name: 'Notifications' });

describe('useCustomerChannel: document events', () => {
  it.each([
    [
      '.CustomerDocumentUploaded',
      'pending-verification',
      'We received your document: Bank statement.',
    ],
    ['.CustomerDocumentProcessing', 'processing', "We're checking your document: Bank statement."],
    ['.CustomerDocumentApproved', 'approved', 'Document verified: Bank statement.'],
  ])('%s refreshes the profile and says so in a toast', async (name, status, toast) => {
    const { customer, channel } = await subscribe();
    renderRoutes([{ path: '/', element: <Toaster /> }], '/');
    let fetches = 0;
    server.use(
      http.get('/client/v1/profile', () => {
        fetches += 1;
        return HttpResponse.json({ ...customer, documents: [statement] });
      }),
    );

    channel.emit(name, documentEvent(customer.id, status));

    await waitFor(() => expect(getCustomer()?.documents).toHaveLength(1));
    expect(fetches).toBe(1);
    expect(await within(toastRegion()).findByText(toast)).toBeInTheDocument();
  });

  it('says a rejection with its reason, in a toast that stays', async () => {
    const { customer, channel } = await subscribe();
    serveDocumentScreens({ profile: () => customer });
    renderRoutes([{ path: '/', element: <Toaster /> }], '/');

    channel.emit(
      '.CustomerDocumentRejected',
      documentEvent(customer.id, 'rejected', 'The statement is older than 3 months.'),
    );

    const toasts = toastRegion();
    expect(
      await within(toasts).findByText("We couldn't accept your document: Bank statement"),
    ).toBeInTheDocument();
    expect(within(toasts).getByText('The statement is older than 3 months.')).toBeInTheDocument();
    expect(toasts.querySelector('[data-tone="danger"]')).not.toBeNull();
  });

  it('takes the rejection away once the same document type is verified, and never stacks it (issue 28)', async () => {
    const { customer, channel } = await subscribe();
    serveDocumentScreens({ profile: () => customer });
    renderRoutes([{ path: '/', element: <Toaster /> }], '/');
    const rejected = "We couldn't accept your document: Bank statement";
    const reason = 'The statement is older than 3 months.';

    // Delivered at least once: the same rejection three times is one notice.
    for (let i = 0; i < 3; i += 1) {
      channel.emit('.CustomerDocumentRejected', documentEvent(customer.id, 'rejected', reason));
    }
    await within(toastRegion()).findByText(rejected);
    await waitFor(() => expect(within(toastRegion()).getAllByText(reason)).toHaveLength(1));

    channel.emit('.CustomerDocumentApproved', documentEvent(customer.id, 'approved'));

    expect(
      await within(toastRegion()).findByText('Document verified: Bank statement.'),
    ).toBeInTheDocument();
    expect(within(toastRegion()).queryByText(rejected)).not.toBeInTheDocument();
  });

  it('takes the rejection away when the document type is handed in again', async () => {
    const { customer, channel } = await subscribe();
    serveDocumentScreens({ profile: () => customer });
    renderRoutes([{ path: '/', element: <Toaster /> }], '/');
    const rejected = "We couldn't accept your document: Bank statement";
    channel.emit('.CustomerDocumentRejected', documentEvent(customer.id, 'rejected', 'Old.'));
    await within(toastRegion()).findByText(rejected);

    channel.emit('.CustomerDocumentUploaded', documentEvent(customer.id, 'pending-verification'));

    await within(toastRegion()).findByText('We received your document: Bank statement.');
    expect(within(toastRegion()).queryByText(rejected)).not.toBeInTheDocument();
  });

  it('keeps the rejection of another document type', async () => {
    const { customer, channel } = await subscribe();
    serveDocumentScreens({ profile: () => customer });
    renderRoutes([{ path: '/', element: <Toaster /> }], '/');
    const rejected = "We couldn't accept your document: Bank statement";
    channel.emit('.CustomerDocumentRejected', documentEvent(customer.id, 'rejected', 'Old.'));
    await within(toastRegion()).findByText(rejected);

    channel.emit('.CustomerDocumentApproved', {
      ...documentEvent(customer.id, 'approved'),
      type_code: 'UTILITY_BILL',
      type: 'Utility bill',
    });

    await within(toastRegion()).findByText('Document verified: Utility bill.');
    expect(within(toastRegion()).getByText(rejected)).toBeInTheDocument();
  });

  // The e2e journey of issue 28 saw the "received" notice take the rejection's place: its check
  // (the first of the schema, built a slice at a time) ended after the rejection's.
  it('tells the notices in the order the events came, however long each took to check', async () => {
    const { customer, channel } = await subscribe();
    serveDocumentScreens({ profile: () => ({ ...customer, documents: [statement] }) });
    renderRoutes([{ path: '/', element: <Toaster /> }], '/');
    const received = 'We received your document: Bank statement.';
    const rejected = "We couldn't accept your document: Bank statement";
    const seen: string[] = [];
    const watch = new MutationObserver(() => {
      for (const title of [received, rejected]) {
        if (within(toastRegion()).queryByText(title) && seen.at(-1) !== title) seen.push(title);
      }
    });
    watch.observe(toastRegion(), { childList: true, subtree: true, characterData: true });
    let release: () => void = () => undefined;
    checks.holdNext = new Promise<void>((resolve) => {
      release = resolve;
    });

    channel.emit('.CustomerDocumentUploaded', documentEvent(customer.id, 'pending-verification'));
    channel.emit('.CustomerDocumentRejected', documentEvent(customer.id, 'rejected', 'Blurry.'));
    // The rejection's check is done and its notice waits for the earlier one's.
    await waitFor(() => expect(getCustomer()?.documents).toHaveLength(1));
    expect(within(toastRegion()).queryByText(rejected)).not.toBeInTheDocument();
    release();

    await waitFor(() => expect(seen).toEqual([received, rejected]));
    watch.disconnect();
    expect(within(toastRegion()).getByText('Blurry.')).toBeInTheDocument();
    expect(within(toastRegion()).queryByText(received)).not.toBeInTheDocument();
  });

  it('ignores a document event that does not fit its contract', async () => {
    const { channel } = await subscribe();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    channel.emit('.CustomerDocumentApproved', { customer_id: 'x' });

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('account verification, live', () => {
  /** The screen as the signed-in frame shows it: with the channel's hook and the toasts. */
  async function renderVerification() {
    const { AccountVerificationScreen } = await loadAccountVerificationScreen();
    function Frame() {
      useCustomerChannel(useCustomer());
      return (
        <>
          <AccountVerificationScreen />
          <Toaster />
        </>
      );
    }
    renderRoutes([{ path: '/account-verification', Component: Frame }], '/account-verification');
  }

  async function channelOf(customerId: string): Promise<FakeChannel> {
    const name = `private-client-customer.${customerId}`;
    await waitFor(() => expect(fake.clients[0]?.channels.has(name)).toBe(true));
    return fake.clients[0]?.channels.get(name) as FakeChannel;
  }

  const cards = () =>
    within(screen.getByRole('region', { name: 'Your documents' })).getAllByRole('listitem');

  it('turns the card green without a reload when the document is approved', async () => {
    let current = customerWithDocuments([statement]);
    setCustomer(current);
    serveDocumentScreens({ profile: () => current });
    await renderVerification();
    const channel = await channelOf(current.id);
    expect(cards()[0]).toHaveAttribute('data-tone', 'info');

    current = customerWithDocuments([
      {
        ...statement,
        status_code: 'approved',
        status_title: 'Approved',
        reviewed_at: '2026-11-21T10:00:00.000Z',
      },
    ]);
    channel.emit('.CustomerDocumentApproved', documentEvent(current.id, 'approved'));

    await waitFor(() => expect(cards()[0]).toHaveAttribute('data-tone', 'success'));
    expect(cards()[0]).toHaveTextContent('Verified');
  });

  it('shows the reason of a rejection as it arrives, and the category owed again', async () => {
    let current = customerWithDocuments([statement]);
    setCustomer(current);
    serveDocumentScreens({ profile: () => current });
    await renderVerification();
    const channel = await channelOf(current.id);

    const reason = 'The statement is older than 3 months.';
    current = customerWithDocuments(
      [
        {
          ...statement,
          status_code: 'rejected',
          status_title: 'Rejected',
          rejection_reason: reason,
        },
      ],
      [poaCategory],
    );
    channel.emit('.CustomerDocumentRejected', documentEvent(current.id, 'rejected', reason));

    await waitFor(() => expect(cards()[0]).toHaveAttribute('data-tone', 'danger'));
    expect(cards()[0]).toHaveTextContent(reason);
    expect(screen.getByRole('region', { name: 'Still needed' })).toHaveTextContent(
      'Proof of address',
    );
  });
});
