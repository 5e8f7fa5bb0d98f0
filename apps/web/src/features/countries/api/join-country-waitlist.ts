import type { CountryWaitlistRequest, MessageResponse } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { ensureCsrfCookie, httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { useAsyncAction } from '@/lib/use-async-action';

/**
 * POST /client/v1/country-waitlist (public): email this address once Corridor opens in the
 * country; 200 with a message in the request's language (defect 19).
 */
export async function joinCountryWaitlist(
  request: CountryWaitlistRequest,
): Promise<MessageResponse> {
  // A visitor on the sign-up screen may not have the session and XSRF cookies yet.
  await ensureCsrfCookie();
  const { data } = await httpClient.post(apiPaths.countryWaitlist, request);
  return parseWith((contracts) => contracts.messageResponseSchema, data);
}

export function useJoinCountryWaitlist() {
  return useAsyncAction(joinCountryWaitlist);
}
