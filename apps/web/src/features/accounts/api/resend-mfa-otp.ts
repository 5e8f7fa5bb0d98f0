import type { MessageResponse } from '@corridor/contracts';
import { accountPaths } from '@corridor/contracts/wire/account-paths';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/** POST /client/v1/resend-mfa-otp: emails a new MFA code (429 within 30 s of the last one). */
export async function resendMfaOtp(): Promise<MessageResponse> {
  const { data } = await httpClient.post(accountPaths.resendMfaOtp, undefined, {
    skipMfaRedirect: true,
  });
  return parseWith((contracts) => contracts.messageResponseSchema, data);
}
