import type { ResetPasswordCheckRequest, ResetPasswordCheckResponse } from '@corridor/contracts';
import { accountPaths } from '@corridor/contracts/wire/account-paths';
import { ensureCsrfCookie, httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { hasXsrfCookie } from '../lib/xsrf-cookie';

/**
 * POST /client/v1/reset-password/check: the account (its email masked) a reset link resets, or
 * a 422 on `token` when the link is used, expired or unknown, so the screen can say so before
 * the customer types a new password (defect 22). `token` is already decoded.
 */
export async function checkResetToken(
  request: ResetPasswordCheckRequest,
): Promise<ResetPasswordCheckResponse> {
  if (!hasXsrfCookie()) await ensureCsrfCookie();
  const { data } = await httpClient.post(accountPaths.resetPasswordCheck, request);
  return parseWith((contracts) => contracts.resetPasswordCheckResponseSchema, data);
}
