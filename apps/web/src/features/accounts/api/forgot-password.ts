import type { ForgotPasswordRequest, MessageResponse } from '@corridor/contracts';
import { accountPaths } from '@corridor/contracts/wire/account-paths';
import { ensureCsrfCookie, httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { useAsyncAction } from '@/lib/use-async-action';

/** POST /client/v1/forgot-password: the same message for every email (no account enumeration). */
export async function forgotPassword(request: ForgotPasswordRequest): Promise<MessageResponse> {
  await ensureCsrfCookie();
  const { data } = await httpClient.post(accountPaths.forgotPassword, request);
  return parseWith((contracts) => contracts.messageResponseSchema, data);
}

export function useForgotPassword() {
  return useAsyncAction(forgotPassword);
}
