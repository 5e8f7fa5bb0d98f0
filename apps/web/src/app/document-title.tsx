import { useEffect } from 'react';
import { useMatches, type UIMatch } from 'react-router';
import { DEFAULT_TITLE, type RouteName } from '@/config/routes';
import { commonMessages, useT } from '@/i18n';

/** What a route object carries in its `handle`. */
export interface RouteHandle {
  /** The English title (exact, as docs/product/routes-and-screens.md#routes has it). */
  title?: string;
  /** Which route: its title in the customer's language is `route.<name>` in the shared words. */
  name?: RouteName | 'notFound';
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null;
}

/** The title of the deepest matched route, or `Default Title` when it has none (docs/product/routes-and-screens.md#routes). */
export function titleFromMatches(matches: readonly UIMatch[]): string {
  const handle = matches.at(-1)?.handle;
  const title = isRouteHandle(handle) ? handle.title : undefined;
  return typeof title === 'string' && title !== '' ? title : DEFAULT_TITLE;
}

/** Keeps `document.title` in step with the matched route, in the customer's language. */
export function DocumentTitle() {
  const matches = useMatches();
  const t = useT(commonMessages);
  const handle = matches.at(-1)?.handle;
  const name = isRouteHandle(handle) ? handle.name : undefined;
  // Until the shared words are here (the first paint), the English title stands in.
  const title =
    name && commonMessages.loaded(t.locale) ? t(`route.${name}`) : titleFromMatches(matches);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
