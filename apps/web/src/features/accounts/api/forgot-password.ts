import {
  apiPaths,
  messageResponseSchema,
  type ForgotPasswordRequest,
  type MessageResponse,
} from '@corridor/contracts';
import { useMutation } from '@tanstack/react-query';
import { ensureCsrfCookie, httpClient } from '@/lib/http-client';

/** POST /client/v1/forgot-password: the same message for every email (no account enumeration). */
export async function forgotPassword(request: ForgotPasswordRequest): Promise<MessageResponse> {
  await ensureCsrfCookie();
  const { data } = await httpClient.post<unknown>(apiPaths.forgotPassword, request);
  return messageResponseSchema.parse(data);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
