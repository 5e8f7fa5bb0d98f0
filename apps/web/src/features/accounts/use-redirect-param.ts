import { useSearchParams } from 'react-router';
import { isSafeRedirect } from '@/lib/safe-redirect';

/** The `redirect` query parameter when it is a safe same-site path, otherwise null. */
export function useRedirectParam(): string | null {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  return isSafeRedirect(redirect) ? redirect : null;
}
