import { accountPaths } from '@corridor/contracts/wire/account-paths';
import { httpClient } from '@/lib/http-client';

/** Ends the session on the server. A 401 means it had already ended, so it must not redirect. */
export async function logout(): Promise<void> {
  await httpClient.post(accountPaths.logout, undefined, { skipAuthRedirect: true });
}
