import { apiPaths, passwordPolicySchema, type PasswordPolicy } from '@corridor/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { httpClient } from '@/lib/http-client';

/** GET /client/v1/password-policy: the rules a new password must meet (SPEC §3). */
export async function getPasswordPolicy(): Promise<PasswordPolicy> {
  const { data } = await httpClient.get<unknown>(apiPaths.passwordPolicy);
  return passwordPolicySchema.parse(data);
}

/** Fetched once and kept for the app's lifetime (SPEC §4). */
export const passwordPolicyQuery = queryOptions({
  queryKey: ['password-policy'] as const,
  queryFn: getPasswordPolicy,
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The password policy; a failure to load it is only logged (SPEC §8): the server still checks. */
export function usePasswordPolicy() {
  const query = useQuery(passwordPolicyQuery);
  const { error } = query;
  useEffect(() => {
    if (error !== null) console.error('The password policy could not be loaded.', error);
  }, [error]);
  return query;
}
