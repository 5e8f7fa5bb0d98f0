import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCustomer, setCustomer } from '@/features/customers';
import {
  customerDocumentFixture,
  customerWithDocuments,
  poaCategory,
  poiCategory,
} from '@/test/document-fixtures';
import { fakeUploads } from '@/test/fake-uploads';
import { serveDocumentScreens } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderRoutes } from '@/test/render';
import { clearToasts, Toaster } from '@/ui/toasts';
import { showDocumentNotice } from '../lib/document-notices';
import { CategoryViewScreen } from './category-view-screen';

function renderCategory(path: string) {
  return renderRoutes(
    [
      {
        // The toasts outlive the screen, as the signed-in frame's do.
        element: (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        children: [
          { path: '/account-verification/upload/:category', Component: CategoryViewScreen },
          { path: '/account-verification', element: <p>Verification index</p> },
          { path: '/transaction/:transactionId', element: <p>Transaction page</p> },
        ],
      },
    ],
    path,
  );
}

const photo = (name: string) => new File([new Uint8Array(3000)], name, { type: 'image/png' });
/** The cards themselves, not the items of the lists inside them. */
const typeCards = () =>
  Array.from(screen.getByRole('list', { name: 'Documents you can use' }).children) as HTMLElement[];

beforeEach(() => {
  setCustomer(customerWithDocuments([], [poiCategory]));
});
afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

/** The sandbox reviewer's rejection of a passport, as the customer's channel brings it. */
const rejectedPassport = (documentId: string) => ({
  customer_id: getCustomer()?.id ?? '',
  document_id: documentId,
  category_code: 'POI',
  category: 'Proof of identity',
  type_code: 'PASSPORT',
  type: 'Passport',
  status_code: 'rejected',
  status_title: 'Not accepted',
  rejection_reason: 'The photo is blurred.',
});

describe('CategoryViewScreen', () => {
  it('shows the category and, for each type, what is accepted, refused, how recent and which files', async () => {
    serveDocumentScreens();
    renderCategory(`/account-verification/upload/${poaCategory.id}`);
    expect(screen.getByText('Loading the documents you can use')).toHaveAttribute('role', 'status');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Proof of address' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Proof of address: what it is for.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/account-verification',
    );
    const [bill, statement] = typeCards() as [HTMLElement, HTMLElement];
    expect(
      within(bill).getByRole('heading', { level: 2, name: 'Utility bill' }),
    ).toBeInTheDocument();
    expect(statement).toHaveTextContent('What we accept');
    expect(statement).toHaveTextContent('A statement showing your name and address');
    expect(statement).toHaveTextContent("What we can't accept");
    expect(statement).toHaveTextContent('A mobile banking screenshot');
    expect(statement).toHaveTextContent('Issued in the last 3 months');
    expect(statement).toHaveTextContent(
      'Up to 10 files: JPEG, PNG, WebP, or PDF, up to 10 MB each.',
    );
  });

  it('says front and back for a card, and finds a category by its code too', async () => {
    serveDocumentScreens();
    renderCategory('/account-verification/upload/POI');
    await screen.findByRole('heading', { level: 1, name: 'Proof of identity' });
    expect(typeCards()[1]).toHaveTextContent(
      'A photo of the front and of the back: JPEG, PNG, or WebP, up to 10 MB each.',
    );
  });

  it('says when the category does not exist, with the way back', async () => {
    serveDocumentScreens();
    renderCategory('/account-verification/upload/d0000001-0000-4000-8000-0000000000ff');
    expect(
      await screen.findByRole('heading', { name: "We couldn't find these documents" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to account verification' })).toHaveAttribute(
      'href',
      '/account-verification',
    );
  });

  it('offers Retry when the categories do not load', async () => {
    let fail = true;
    serveDocumentScreens();
    server.use(
      http.get('/client/v1/document-categories', () =>
        fail
          ? HttpResponse.json({ message: 'Server error' }, { status: 500 })
          : HttpResponse.json([poiCategory]),
      ),
    );
    renderCategory(`/account-verification/upload/${poiCategory.id}`);
    // A server error is tried twice more (1 s, then 2 s) before the screen says so.
    expect(
      await screen.findByText("We couldn't load this page", undefined, { timeout: 6000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Proof of identity' }),
    ).toBeInTheDocument();
  });

  it('says a document of the category is already being checked', async () => {
    setCustomer(customerWithDocuments([customerDocumentFixture({ n: 1 })]));
    serveDocumentScreens();
    renderCategory(`/account-verification/upload/${poiCategory.id}`);
    expect(
      await screen.findByText(
        "We're already checking a document you sent: Passport. You don't need to send it again.",
      ),
    ).toBeInTheDocument();
  });

  it('sends a passport photo, then goes back to account verification with a toast', async () => {
    fakeUploads();
    const api = serveDocumentScreens();
    const { router } = renderCategory(`/account-verification/upload/${poiCategory.id}`);

    await userEvent.click(
      await screen.findByRole('button', { name: /^Start verification\W+Passport$/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Upload: Passport' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]:not([capture])');
    await userEvent.upload(input as HTMLInputElement, photo('passport.png'));
    expect(await within(dialog).findByText('Uploaded')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for checking' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account-verification'));
    expect(api.uploads[0]?.body).toEqual({ pages: ['documents/key-1'] });
    expect(getCustomer()?.documents).toHaveLength(1);
    expect(
      await screen.findByText("Thank you. We're checking your document: Passport."),
    ).toBeInTheDocument();
  });

  it("issue 28: sending the type again takes its rejection's notice away in this tab too", async () => {
    fakeUploads();
    serveDocumentScreens();
    const { router } = renderCategory(`/account-verification/upload/${poiCategory.id}`);
    // This tab heard the rejection; it hears no event of its own upload (X-Socket-ID).
    const rejected = "We couldn't accept your document: Passport";
    await act(() =>
      showDocumentNotice('rejected', rejectedPassport('9c3a7a4e-31f4-4ec4-9f0c-1b0d6d1c9a11')),
    );
    expect(await screen.findByText(rejected)).toBeInTheDocument();

    await userEvent.click(
      await screen.findByRole('button', { name: /^Start verification\W+Passport$/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Upload: Passport' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]:not([capture])');
    await userEvent.upload(input as HTMLInputElement, photo('passport.png'));
    expect(await within(dialog).findByText('Uploaded')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for checking' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account-verification'));
    expect(
      await screen.findByText("Thank you. We're checking your document: Passport."),
    ).toBeInTheDocument();
    expect(screen.queryByText(rejected)).not.toBeInTheDocument();
  });

  it('keeps a verdict that reached the tab before its own upload was answered (CI run, 2026-11-29)', async () => {
    fakeUploads();
    serveDocumentScreens();
    const { router } = renderCategory(`/account-verification/upload/${poiCategory.id}`);
    await userEvent.click(
      await screen.findByRole('button', { name: /^Start verification\W+Passport$/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Upload: Passport' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]:not([capture])');
    await userEvent.upload(input as HTMLInputElement, photo('passport.png'));
    expect(await within(dialog).findByText('Uploaded')).toBeInTheDocument();
    // The sandbox reviewer rejects the upload, and its event arrives before the upload's answer.
    const rejected = "We couldn't accept your document: Passport";
    await act(() =>
      showDocumentNotice('rejected', rejectedPassport('9c3a7a4e-31f4-4ec4-9f0c-1b0d6d1c9a12')),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for checking' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account-verification'));
    expect(screen.getByText(rejected)).toBeInTheDocument();
    expect(
      screen.queryByText("Thank you. We're checking your document: Passport."),
    ).not.toBeInTheDocument();
  });

  it('goes back to the transaction that sent the customer here', async () => {
    fakeUploads();
    serveDocumentScreens();
    const { router } = renderCategory(
      `/account-verification/upload/${poiCategory.id}?_rtr=viewTransaction&_rti=TX-42`,
    );
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/account-verification?_rtr=viewTransaction&_rti=TX-42',
    );

    await userEvent.click(screen.getByRole('button', { name: /^Start verification\W+Passport$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload: Passport' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]:not([capture])');
    await userEvent.upload(input as HTMLInputElement, photo('passport.png'));
    await within(dialog).findByText('Uploaded');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for checking' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/transaction/TX-42'));
  });
});
