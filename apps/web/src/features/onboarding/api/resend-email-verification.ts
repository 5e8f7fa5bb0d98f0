import type { MessageResponse } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useMutation } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/** POST /client/v1/resend-email-verification: emails a new code (429 within 30 s). */
export async function resendEmailVerification(): Promise<MessageResponse> {
  const { data } = await httpClient.post(apiPaths.resendEmailVerification);
  return parseWith((contracts) => contracts.messageResponseSchema, data);
}

export function useResendEmailVerification() {
  return useMutation({ mutationFn: resendEmailVerification });
}
