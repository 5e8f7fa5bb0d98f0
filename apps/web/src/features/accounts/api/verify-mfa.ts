import { apiPaths, customerSchema, type Customer, type OtpRequest } from '@corridor/contracts';
import { useMutation } from '@tanstack/react-query';
import { setCustomer } from '@/features/customers';
import { httpClient } from '@/lib/http-client';

/** POST /client/v1/mfa: completes the session's second factor and returns the customer. */
export async function verifyMfa(request: OtpRequest): Promise<Customer> {
  const { data } = await httpClient.post<unknown>(apiPaths.mfa, request, {
    skipMfaRedirect: true,
  });
  return customerSchema.parse(data);
}

/** Verifies the MFA code and stores the customer the server returned (SPEC §4). */
export function useVerifyMfa() {
  return useMutation({ mutationFn: verifyMfa, onSuccess: setCustomer });
}
