import type { Customer, DeviceList } from '@corridor/contracts';
import { buildCustomer } from '@corridor/contracts/testing';
import type { Page } from '@playwright/test';
import { quoteFixture } from '../../apps/web/src/test/quote-fixtures.ts';

/**
 * A signed-in customer who has verified the email but not chosen a country, checked against
 * the shared contract.
 */
export const signedInCustomer: Customer = buildCustomer({
  id: '5b0c9c1e-8f1e-4d7a-9a51-1f1f0f0e2a11',
  crn: 'CRN0001',
  name: 'Ada',
  third_name: 'Lovelace',
  whole_name: 'Ada Lovelace',
});

/**
 * Answers the calls of the signed-in screens (profile, devices, tasks, realtime, source
 * countries, the calculator's quote, recipients) as for
 * a signed-in customer who has not chosen a country yet, so the route table can be checked
 * without a sign-in journey per route.
 */
export async function mockSignedIn(page: Page): Promise<void> {
  await page.route('**/client/v1/profile', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', json: signedInCustomer }),
  );
  const noDevices: DeviceList = {
    data: [],
    pagination: {
      total: 0,
      count: 0,
      per_page: 25,
      current_page: 1,
      total_pages: 0,
      links: { self: '/client/v1/devices?page=1', next: null, prev: null },
    },
  };
  await page.route('**/client/v1/devices*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', json: noDevices }),
  );
  await page.route('**/client/v1/tasks', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', json: [] }),
  );
  // No document categories: a category's page is "couldn't find these documents" (issue 16).
  await page.route('**/client/v1/document-categories', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', json: [] }),
  );
  // Realtime is an optimisation the screens work without (docs/product/realtime.md): unavailable here. Left to
  // the real server, its 401 (no real session) would send the screen to sign-in, and sign-in,
  // seeing this customer, back again.
  await page.route('**/client/v1/realtime-config', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      json: { message: 'Realtime is unavailable.' },
    }),
  );
  // The onboarding screen asks where the customer may send from (this customer has no country).
  await page.route('**/client/v1/countries/source', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', json: { data: [] } }),
  );
  // The calculator (dashboard, transactions) prices a transfer; the web tests' quote, which its
  // contract checks.
  for (const quote of ['**/client/v1/quote', '**/client/v1/quote?*']) {
    await page.route(quote, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', json: quoteFixture() }),
    );
  }
  // No saved quote: the transfer wizard's page is "couldn't find" (404), with its route's title.
  await page.route('**/client/v1/quote/*', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      json: { message: 'Not found.' },
    }),
  );
  // No recipients yet: the list is empty and a recipient's page is "couldn't load" (404).
  const noRecipients = { ...noDevices, pagination: { ...noDevices.pagination, per_page: 12 } };
  for (const list of ['**/client/v1/recipients', '**/client/v1/recipients?*']) {
    await page.route(list, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', json: noRecipients }),
    );
  }
  await page.route('**/client/v1/recipient/*', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      json: { message: 'Not found.' },
    }),
  );
  // The recipient filter of the transactions list asks the type-ahead (registered after the
  // list above, so it answers first).
  await page.route('**/client/v1/recipients/whisper*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', json: { data: [] } }),
  );
  // No transfers yet: the list is empty, and a transfer's or payment's page is "couldn't find"
  // (404), with its route's title.
  const noTransactions = { ...noDevices, pagination: { ...noDevices.pagination, per_page: 10 } };
  for (const list of ['**/client/v1/transactions', '**/client/v1/transactions?*']) {
    await page.route(list, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', json: noTransactions }),
    );
  }
  await page.route('**/client/v1/transaction/*', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      json: { message: 'Not found.' },
    }),
  );
}
