import { NotFound } from '@/components/not-found';
import { NOT_FOUND_TITLE, pathTo } from '@/config/routes';

export function NotFoundScreen() {
  return <NotFound title={NOT_FOUND_TITLE} homePath={pathTo('signIn')} />;
}
