import type { ChangePasswordRequest, MessageResponse } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useMutation } from '@tanstack/react-query';
import { clearCustomer } from '@/features/customers';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { queryClient } from '@/lib/query-client';

/** POST /client/v1/change-password. On success the server ends the session (docs/product/accounts-and-sessions.md#passwords-forgot-reset-change). */
export async function changePassword(request: ChangePasswordRequest): Promise<MessageResponse> {
  const { data } = await httpClient.post(apiPaths.changePassword, request);
  return parseWith((contracts) => contracts.messageResponseSchema, data);
}

/**
 * Changes the password. The session has ended, so the stored customer and everything fetched
 * for them are forgotten; the customer signs in again with the new password.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      clearCustomer();
      queryClient.clear();
    },
  });
}
