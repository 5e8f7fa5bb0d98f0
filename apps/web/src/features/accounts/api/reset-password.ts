import {
  apiPaths,
  messageResponseSchema,
  type MessageResponse,
  type ResetPasswordRequest,
} from '@corridor/contracts';
import { useMutation } from '@tanstack/react-query';
import { ensureCsrfCookie, httpClient } from '@/lib/http-client';

/**
 * POST /client/v1/reset-password. `token` is the already decoded token: the route carries it
 * base64-encoded (SPEC §7), see `decodeResetToken`.
 */
export async function resetPassword(request: ResetPasswordRequest): Promise<MessageResponse> {
  await ensureCsrfCookie();
  const { data } = await httpClient.post<unknown>(apiPaths.resetPassword, request);
  return messageResponseSchema.parse(data);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
