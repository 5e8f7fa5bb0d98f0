import type { MessageResponse, ResetPasswordRequest } from '@corridor/contracts';
import { accountPaths } from '@corridor/contracts/wire/account-paths';
import { ensureCsrfCookie, httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { useAsyncAction } from '@/lib/use-async-action';

/**
 * POST /client/v1/reset-password. `token` is the already decoded token: the route carries it
 * base64-encoded (docs/product/accounts-and-sessions.md#passwords-forgot-reset-change), see `decodeResetToken`.
 */
export async function resetPassword(request: ResetPasswordRequest): Promise<MessageResponse> {
  await ensureCsrfCookie();
  const { data } = await httpClient.post(accountPaths.resetPassword, request);
  return parseWith((contracts) => contracts.messageResponseSchema, data);
}

export function useResetPassword() {
  return useAsyncAction(resetPassword);
}
