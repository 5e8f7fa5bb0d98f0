import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { NOT_FOUND_TITLE, routeTable, type AppRoute, type RouteName } from '@/config/routes';
import {
  loadAccountVerificationScreen,
  loadCategoryViewScreen,
} from '@/features/account-verification';
import {
  loadForgotPasswordScreen,
  loadMultiFactorAuthScreen,
  loadResetPasswordScreen,
  loadSignInScreen,
  loadSignUpScreen,
} from '@/features/accounts';
import { loadDashboardScreen } from '@/features/dashboard';
import { commonMessages } from '@/i18n';
import { loadDevicesScreen } from '@/features/sessions';
import { loadOnboardingWorkflowScreen } from '@/features/onboarding';
import { loadMakePaymentScreen, loadPaymentCallbackScreen } from '@/features/payments';
import { loadRecipientsScreen, loadViewRecipientScreen } from '@/features/recipients';
import { loadSettingsScreen } from '@/features/settings';
import { loadTransactionsScreen, loadViewTransactionScreen } from '@/features/transactions';
import { loadTransferWizardScreen } from '@/features/transfer';
import type { RouteHandle } from './document-title';
import { PublicLayout } from './layouts/public-layout';
import { InitialLoad, RootLayout } from './layouts/root-layout';
import { retryWhenReachable } from './preload-error';
import { PageError, ScreenError } from './route-error';

type ScreenLoader = (args: LoaderFunctionArgs) => unknown;
type LazyScreen = () => Promise<{ Component: ComponentType; loader?: ScreenLoader }>;

/**
 * A screen's chunk, loaded when its route is first visited; `pickLoader` gives the route a
 * loader from the same chunk, which runs beside the signed-in frame's (data it can ask for
 * early).
 */
function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  pickLoader?: (module: M) => ScreenLoader,
): LazyScreen {
  // Offline, the load waits for Retry under the screen on view (defect 14, preload-error.ts).
  return retryWhenReachable(async () => {
    // The screen's words come with it: the shared ones load beside its chunk (decision 19).
    const [module] = await Promise.all([load(), commonMessages.load()]);
    return pickLoader
      ? { Component: pick(module), loader: pickLoader(module) }
      : { Component: pick(module) };
  });
}

// Every screen is its own chunk, loaded when its route is first visited.
const screens: { readonly [N in RouteName]: LazyScreen } = {
  signIn: screen(loadSignInScreen, (m) => m.SignInScreen),
  multiFactorAuth: screen(loadMultiFactorAuthScreen, (m) => m.MultiFactorAuthScreen),
  forgotPassword: screen(loadForgotPasswordScreen, (m) => m.ForgotPasswordScreen),
  resetPassword: screen(loadResetPasswordScreen, (m) => m.ResetPasswordScreen),
  signUp: screen(loadSignUpScreen, (m) => m.SignUpScreen),
  onboardingWorkflow: screen(loadOnboardingWorkflowScreen, (m) => m.OnboardingWorkflowScreen),
  dashboard: screen(
    loadDashboardScreen,
    (m) => m.DashboardScreen,
    (m) => m.dashboardLoader,
  ),
  transferWizard: screen(
    loadTransferWizardScreen,
    (m) => m.TransferWizardScreen,
    (m) => m.transferWizardLoader,
  ),
  makePayment: screen(
    loadMakePaymentScreen,
    (m) => m.MakePaymentScreen,
    (m) => m.transactionLoader,
  ),
  paymentCallback: screen(loadPaymentCallbackScreen, (m) => m.PaymentCallbackScreen),
  transactions: screen(loadTransactionsScreen, (m) => m.TransactionsScreen),
  viewTransaction: screen(
    loadViewTransactionScreen,
    (m) => m.ViewTransactionScreen,
    (m) => m.transactionLoader,
  ),
  recipients: screen(loadRecipientsScreen, (m) => m.RecipientsScreen),
  viewRecipient: screen(loadViewRecipientScreen, (m) => m.ViewRecipientScreen),
  accountVerification: screen(loadAccountVerificationScreen, (m) => m.AccountVerificationScreen),
  categoryView: screen(loadCategoryViewScreen, (m) => m.CategoryViewScreen),
  settings: screen(loadSettingsScreen, (m) => m.SettingsScreen),
  devices: screen(loadDevicesScreen, (m) => m.DevicesScreen),
};

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { title: route.title, name: route.name };
  return {
    id: route.name,
    path: route.path,
    handle,
    lazy: screens[route.name],
    ErrorBoundary: ScreenError,
  };
}

const notFoundHandle: RouteHandle = { title: NOT_FOUND_TITLE, name: 'notFound' };

/** The route objects of the app, for `createBrowserRouter` (and a memory router in tests). */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: InitialLoad,
    ErrorBoundary: PageError,
    children: [
      {
        id: 'public',
        Component: PublicLayout,
        ErrorBoundary: PageError,
        children: [
          ...routeTable.filter((route) => route.access === 'public').map(toRouteObject),
          {
            id: 'notFound',
            path: '*',
            handle: notFoundHandle,
            lazy: screen(
              () => import('./screens/not-found-screen'),
              (m) => m.NotFoundScreen,
            ),
            ErrorBoundary: ScreenError,
          },
        ],
      },
      {
        id: 'signedIn',
        // The signed-in frame (navigation, session, realtime) is its own chunk: the public
        // screens, sign-in first, never load it.
        lazy: retryWhenReachable(async () => {
          const { SignedInLayout, signedInLoader } = await import('./signed-in-frame');
          return { Component: SignedInLayout, loader: signedInLoader };
        }),
        ErrorBoundary: PageError,
        children: routeTable.filter((route) => route.access === 'customer').map(toRouteObject),
      },
    ],
  },
];

export function createAppRouter(options: Parameters<typeof createBrowserRouter>[1] = {}) {
  return createBrowserRouter(appRoutes, options);
}
