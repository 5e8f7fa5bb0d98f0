import { apiPaths, messageResponseSchema, type MessageResponse } from '@corridor/contracts';
import { useMutation } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** POST /client/v1/resend-mfa-otp: emails a new MFA code (429 within 30 s of the last one). */
export async function resendMfaOtp(): Promise<MessageResponse> {
  const { data } = await httpClient.post<unknown>(apiPaths.resendMfaOtp, undefined, {
    skipMfaRedirect: true,
  });
  return messageResponseSchema.parse(data);
}

export function useResendMfaOtp() {
  return useMutation({ mutationFn: resendMfaOtp });
}
