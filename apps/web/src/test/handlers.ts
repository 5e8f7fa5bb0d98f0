import type { Customer } from '@corridor/contracts';
import { HttpResponse, http } from 'msw';
import { allCountriesFixture, passwordPolicyFixture, sourceCountriesFixture } from './fixtures';
import { server } from './msw-server';

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
