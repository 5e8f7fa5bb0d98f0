import { pathTo } from '@/config/routes';

/**
 * Where the customer goes back to once a document is sent (docs/product/routes-and-screens.md#account-verification): a transfer or
 * transaction that sent them here names itself with `_rtr` (its route's name) and `_rti` (its
 * id), as in `/account-verification/upload/{category}?_rtr=viewTransaction&_rti={id}`.
 */
export const RETURN_ROUTE_PARAM = '_rtr';
export const RETURN_ID_PARAM = '_rti';

// Only the screens that send customers here, each built from its own route: the parameters never
// become a path by themselves (no open redirect).
const returnRoutes = {
  viewTransaction: (id: string) => pathTo('viewTransaction', { transactionId: id }),
  transferWizard: (id: string) => pathTo('transferWizard', { quoteId: id }),
  makePayment: (id: string) => pathTo('makePayment', { transactionId: id }),
} as const;

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function isReturnRoute(name: string): name is keyof typeof returnRoutes {
  return Object.hasOwn(returnRoutes, name);
}

/** The path to return to, or null when the address names none (or one we do not know). */
export function returnPath(params: URLSearchParams): string | null {
  const name = params.get(RETURN_ROUTE_PARAM) ?? '';
  const id = params.get(RETURN_ID_PARAM) ?? '';
  if (!isReturnRoute(name) || !ID.test(id)) return null;
  return returnRoutes[name](id);
}

/** `?_rtr=…&_rti=…` to carry the way back along a link, or '' when there is none. */
export function returnSearch(params: URLSearchParams): string {
  if (returnPath(params) === null) return '';
  const carried = new URLSearchParams({
    [RETURN_ROUTE_PARAM]: params.get(RETURN_ROUTE_PARAM) ?? '',
    [RETURN_ID_PARAM]: params.get(RETURN_ID_PARAM) ?? '',
  });
  return `?${carried.toString()}`;
}
