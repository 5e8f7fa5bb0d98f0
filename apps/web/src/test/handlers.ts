import type { Customer } from '@corridor/contracts';
import { HttpResponse, http } from 'msw';
import {
  documentCategoriesFixture,
  serveDocumentApi,
  type DocumentApiOptions,
  type ServedDocumentApi,
} from './document-fixtures';
import { allCountriesFixture, passwordPolicyFixture, sourceCountriesFixture } from './fixtures';
import { server } from './msw-server';
import { quoteFixture } from './quote-fixtures';
import { serveRecipientsApi } from './recipient-fixtures';
import { transactionListFixture } from './transaction-fixtures';

/** Answers the CSRF cookie request that precedes sign-up, sign-in and password recovery. */
export function serveCsrfCookie(): void {
  server.use(http.get('/sanctum/csrf-cookie', () => new HttpResponse(null, { status: 204 })));
}

/** Answers GET /client/v1/password-policy, counting requests. */
export function servePasswordPolicy(policy = passwordPolicyFixture()): { count: number } {
  const calls = { count: 0 };
  server.use(
    http.get('/client/v1/password-policy', () => {
      calls.count += 1;
      return HttpResponse.json(policy);
    }),
  );
  return calls;
}

/** Answers GET /client/v1/profile with this customer. */
export function serveProfile(customer: Customer): void {
  server.use(http.get('/client/v1/profile', () => HttpResponse.json(customer)));
}

/** A 422 as the server sends it: a message and the messages of each field. */
export function validationError(errors: Record<string, string[]>, message?: string) {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return HttpResponse.json({ message: message ?? first, errors }, { status: 422 });
}

/** Answers GET /client/v1/countries and /countries/source. */
export function serveCountries(all = allCountriesFixture, source = sourceCountriesFixture): void {
  server.use(
    http.get('/client/v1/countries/source', () => HttpResponse.json({ data: source })),
    http.get('/client/v1/countries', () => HttpResponse.json({ data: all })),
  );
}

/** Records the JSON body and query of a POST and answers with the customer `respond` makes. */
export function servePost(
  path: string,
  respond: (body: unknown) => Customer | Response,
): { body: unknown; search: string; count: number } {
  const seen = { body: undefined as unknown, search: '', count: 0 };
  server.use(
    http.post(path, async ({ request }) => {
      seen.count += 1;
      seen.body = await request.json();
      seen.search = new URL(request.url).search;
      const answer = respond(seen.body);
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  return seen;
}

/**
 * What the money screens ask for beside the profile: the calculator's quote, no recipients (a
 * recipient's page answers 404, as for an unknown id) and no transfers (a transfer's page and
 * the payment screens answer 404 too); and the document categories, which the
 * account-verification screens ask for.
 */
export function serveMoneyScreens(): void {
  server.use(
    http.get('/client/v1/quote', () => HttpResponse.json(quoteFixture())),
    http.get('/client/v1/document-categories', () => HttpResponse.json(documentCategoriesFixture)),
    http.get('/client/v1/transactions', () => HttpResponse.json(transactionListFixture([]))),
    http.get('/client/v1/transaction/:id', () =>
      HttpResponse.json({ message: 'Not found.' }, { status: 404 }),
    ),
    http.get('/client/v1/recipients/whisper', () => HttpResponse.json({ data: [] })),
  );
  serveRecipientsApi();
}

/**
 * What the account-verification screens ask for (issue 16): the profile (fetched again on
 * opening), the document categories, upload tokens, the document upload and apply-info-from-poi,
 * each recorded. The PUT to storage is XMLHttpRequest's: see fake-uploads.ts.
 */
export function serveDocumentScreens(options: DocumentApiOptions = {}): ServedDocumentApi {
  return serveDocumentApi(options);
}
