import { useEffect } from 'react';
import { useMatches, type UIMatch } from 'react-router';
import { DEFAULT_TITLE } from '@/config/routes';

/** What a route object carries in its `handle`. */
export interface RouteHandle {
  title?: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null;
}

/** The title of the deepest matched route, or `Default Title` when it has none (SPEC §2). */
export function titleFromMatches(matches: readonly UIMatch[]): string {
  const handle = matches.at(-1)?.handle;
  const title = isRouteHandle(handle) ? handle.title : undefined;
  return typeof title === 'string' && title !== '' ? title : DEFAULT_TITLE;
}

/** Keeps `document.title` in step with the matched route. */
export function DocumentTitle() {
  const title = titleFromMatches(useMatches());
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
