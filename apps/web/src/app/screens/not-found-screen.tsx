import { NotFound } from '@/components/not-found';
import { pathTo } from '@/config/routes';

export function NotFoundScreen() {
  return <NotFound homePath={pathTo('signIn')} />;
}
