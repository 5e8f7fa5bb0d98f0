import { apiPaths, messageResponseSchema, type MessageResponse } from '@corridor/contracts';
import { useMutation } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** POST /client/v1/resend-email-verification: emails a new code (429 within 30 s). */
export async function resendEmailVerification(): Promise<MessageResponse> {
  const { data } = await httpClient.post<unknown>(apiPaths.resendEmailVerification);
  return messageResponseSchema.parse(data);
}

export function useResendEmailVerification() {
  return useMutation({ mutationFn: resendEmailVerification });
}
