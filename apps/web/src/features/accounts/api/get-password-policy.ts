import type { PasswordPolicy } from '@corridor/contracts';
import { accountPaths } from '@corridor/contracts/wire/account-paths';
import { useEffect } from 'react';
import { fetchOnce } from '@/lib/fetch-once';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { withRetries } from '@/lib/retry';
import { useAsyncData } from '@/lib/use-async-data';

/** GET /client/v1/password-policy: the rules a new password must meet (docs/product/accounts-and-sessions.md#password-policy). */
export async function getPasswordPolicy(): Promise<PasswordPolicy> {
  const { data } = await httpClient.get(accountPaths.passwordPolicy);
  return parseWith((contracts) => contracts.passwordPolicySchema, data);
}

/** Fetched once and kept for the app's lifetime (docs/product/web-app.md#states-and-transitions); a network error or 5xx is retried. */
const passwordPolicy = fetchOnce(() => withRetries(getPasswordPolicy));

/** The password policy; a failure to load it is only logged (docs/product/web-app.md#errors): the server still checks. */
export function usePasswordPolicy() {
  const policy = useAsyncData(passwordPolicy.get, passwordPolicy.peek());
  const { error } = policy;
  useEffect(() => {
    if (error !== null) console.error('The password policy could not be loaded.', error);
  }, [error]);
  return policy;
}
