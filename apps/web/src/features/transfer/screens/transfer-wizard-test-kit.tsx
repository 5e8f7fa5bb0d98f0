import type { Customer, SavedQuote } from '@corridor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect } from 'vitest';
import { setCustomer } from '@/features/customers';
import { onboardedCustomerFixture } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderRoutes } from '@/test/render';
import { TransferWizardScreen, transferWizardLoader } from './transfer-wizard-screen';

// What the wizard's tests share: the screen in a router with the places it leads to, the saved
// quotes it asks for, and confirm's answers, each request recorded.

/**
 * For a wait across several requests and a lazily loaded route: the default second is short
 * on a loaded machine (two cores shared by many test runs), and the condition, not a sleep,
 * still ends the wait.
 */
export const slow = { timeout: 5_000 };

const elsewhere = (name: string) => <p>{name}</p>;

export function renderWizard(quoteId: string, customer: Customer = onboardedCustomerFixture()) {
  setCustomer(customer);
  return renderRoutes(
    [
      // With its loader, as app/router.tsx gives it: the quote is asked for before the first render.
      { path: '/transfer/:quoteId', Component: TransferWizardScreen, loader: transferWizardLoader },
      { path: '/pay/:transactionId', element: elsewhere('Payment screen') },
      { path: '/mfa', element: elsewhere('MFA screen') },
      { path: '/workflow/onboarding', element: elsewhere('Onboarding screen') },
      { path: '/dashboard', element: elsewhere('Dashboard screen') },
      { path: '/transactions', element: elsewhere('Transactions screen') },
      { path: '/account-verification', element: elsewhere('Verification screen') },
      { path: '/account-verification/upload/:category', element: elsewhere('Upload screen') },
    ],
    `/transfer/${quoteId}`,
  );
}

/** Answers GET /client/v1/quote/{id} with the quote of that id; counts the requests. */
export function serveQuotes(...quotes: SavedQuote[]): { gets: number } {
  const seen = { gets: 0 };
  const byId = new Map(quotes.map((quote) => [quote.id, quote]));
  server.use(
    http.get('/client/v1/quote/:id', ({ params }) => {
      seen.gets += 1;
      const quote = byId.get(String(params.id));
      return quote === undefined
        ? HttpResponse.json({ message: 'Not found.' }, { status: 404 })
        : HttpResponse.json(quote);
    }),
  );
  return seen;
}

export interface ConfirmCall {
  body: unknown;
  key: string | null;
}

/** Answers each confirm with `respond` (given the call's index); records every call. */
export function serveConfirm(respond: (index: number) => Response): ConfirmCall[] {
  const calls: ConfirmCall[] = [];
  server.use(
    http.post('/client/v1/quote/confirm/:id', async ({ request }) => {
      calls.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      return respond(calls.length - 1);
    }),
  );
  return calls;
}

export function refusal(type: string, message: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ type, message, ...extra }, { status: 412 });
}

/** The review's heading: the step the wizard opens when nothing else is owed. */
export const reviewHeading = () => screen.findByRole('heading', { name: 'Review & confirm' });

/** Fills the review: a purpose, the declaration (the one payment method is chosen already). */
export async function fillReview(user = userEvent.setup()) {
  await reviewHeading();
  await user.click(screen.getByRole('combobox', { name: /Why are you sending money/ }));
  const dialog = await screen.findByRole('dialog', { name: /Why are you sending money/ });
  await user.click(within(dialog).getByRole('option', { name: /Family support/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(screen.getByRole('checkbox', { name: /I am sending my own money/ }));
  return user;
}

export async function confirmTransfer(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: 'Confirm and continue to payment' }));
}
