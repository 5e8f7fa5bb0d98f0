import { generatePath, matchPath, type PathParam } from 'react-router';

/** Who may open a route: anyone, or only a signed-in customer. */
export type RouteAccess = 'public' | 'customer';

export interface RouteDefinition {
  readonly name: string;
  readonly path: string;
  readonly title: string;
  readonly access: RouteAccess;
}

/**
 * Every screen of the app with its title
 * (docs/product/routes-and-screens.md#routes). The one place paths, names and titles are written.
 */
export const routeTable = [
  { name: 'signIn', path: '/', title: 'Sign in', access: 'public' },
  {
    name: 'multiFactorAuth',
    path: '/mfa',
    title: 'More authentication required',
    access: 'public',
  },
  { name: 'forgotPassword', path: '/forgot-password', title: 'Forgot password', access: 'public' },
  {
    name: 'resetPassword',
    path: '/reset-password/:token',
    title: 'Reset password',
    access: 'public',
  },
  { name: 'signUp', path: '/sign-up', title: 'Register your account', access: 'public' },
  {
    name: 'onboardingWorkflow',
    path: '/workflow/onboarding',
    title: 'Complete Signup',
    access: 'customer',
  },
  { name: 'dashboard', path: '/dashboard', title: 'Dashboard', access: 'customer' },
  { name: 'transferWizard', path: '/transfer/:quoteId', title: 'Send Money', access: 'customer' },
  { name: 'makePayment', path: '/pay/:transactionId', title: 'Make Payment', access: 'customer' },
  {
    name: 'paymentCallback',
    path: '/payment/cb/:transactionId',
    title: 'Processing Payment',
    access: 'customer',
  },
  { name: 'transactions', path: '/transactions', title: 'Transactions', access: 'customer' },
  {
    name: 'viewTransaction',
    path: '/transaction/:transactionId',
    title: 'Transaction',
    access: 'customer',
  },
  { name: 'recipients', path: '/recipients', title: 'Recipients', access: 'customer' },
  { name: 'viewRecipient', path: '/recipient/:id', title: 'Recipient', access: 'customer' },
  {
    name: 'accountVerification',
    path: '/account-verification',
    title: 'Account verification',
    access: 'customer',
  },
  {
    name: 'categoryView',
    path: '/account-verification/upload/:category',
    title: 'Upload documents',
    access: 'customer',
  },
  { name: 'settings', path: '/settings', title: 'Settings', access: 'customer' },
  { name: 'devices', path: '/devices', title: 'Devices', access: 'customer' },
] as const satisfies readonly RouteDefinition[];

export type AppRoute = (typeof routeTable)[number];
export type RouteName = AppRoute['name'];
export type RouteOf<N extends RouteName> = Extract<AppRoute, { name: N }>;
export type RouteParams<N extends RouteName> = { [K in PathParam<RouteOf<N>['path']>]: string };

/** The page title when the matched route has none (docs/product/routes-and-screens.md#routes). */
export const DEFAULT_TITLE = 'Default Title';

/** Title of the page shown for a path no route matches. */
export const NOT_FOUND_TITLE = 'Page not found';

/** Each route by its name, e.g. `routes.dashboard.title`. */
export const routes = Object.fromEntries(routeTable.map((route) => [route.name, route])) as {
  readonly [N in RouteName]: RouteOf<N>;
};

/**
 * The URL path of a named route, with its parameters encoded.
 * `pathTo('viewRecipient', { id })`; routes without parameters take none: `pathTo('dashboard')`.
 */
export function pathTo<N extends RouteName>(
  name: N,
  ...[params]: keyof RouteParams<N> extends never ? [] : [params: RouteParams<N>]
): string {
  return generatePath<string>(routes[name].path, params);
}

/** The route whose pattern matches a pathname, if any. */
export function findRoute(pathname: string): AppRoute | undefined {
  return routeTable.find((route) => matchPath(route.path, pathname) !== null);
}

/** Public routes and unknown paths (the not-found page) need no signed-in customer. */
export function isPublicPath(pathname: string): boolean {
  const route = findRoute(pathname);
  return route === undefined || route.access === 'public';
}
