import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NOT_FOUND_TITLE, routeTable, type AppRoute, type RouteName } from '../config/routes';
import type { RouteHandle } from './document-title';
import { PublicLayout } from './layouts/public-layout';
import { InitialLoad, RootLayout } from './layouts/root-layout';
import { SignedInLayout } from './layouts/signed-in-layout';
import { PageError, ScreenError } from './route-error';
import { signedInLoader } from './session';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  return async () => ({ Component: pick(await load()) });
}

// Every screen is its own chunk, loaded when its route is first visited.
const screens: { readonly [N in RouteName]: LazyScreen } = {
  signIn: screen(
    () => import('../features/auth/screens/sign-in-screen'),
    (m) => m.SignInScreen,
  ),
  multiFactorAuth: screen(
    () => import('../features/auth/screens/multi-factor-auth-screen'),
    (m) => m.MultiFactorAuthScreen,
  ),
  forgotPassword: screen(
    () => import('../features/auth/screens/forgot-password-screen'),
    (m) => m.ForgotPasswordScreen,
  ),
  resetPassword: screen(
    () => import('../features/auth/screens/reset-password-screen'),
    (m) => m.ResetPasswordScreen,
  ),
  signUp: screen(
    () => import('../features/auth/screens/sign-up-screen'),
    (m) => m.SignUpScreen,
  ),
  onboardingWorkflow: screen(
    () => import('../features/onboarding/screens/onboarding-workflow-screen'),
    (m) => m.OnboardingWorkflowScreen,
  ),
  dashboard: screen(
    () => import('../features/dashboard/screens/dashboard-screen'),
    (m) => m.DashboardScreen,
  ),
  transferWizard: screen(
    () => import('../features/transfer/screens/transfer-wizard-screen'),
    (m) => m.TransferWizardScreen,
  ),
  makePayment: screen(
    () => import('../features/payments/screens/make-payment-screen'),
    (m) => m.MakePaymentScreen,
  ),
  paymentCallback: screen(
    () => import('../features/payments/screens/payment-callback-screen'),
    (m) => m.PaymentCallbackScreen,
  ),
  transactions: screen(
    () => import('../features/transactions/screens/transactions-screen'),
    (m) => m.TransactionsScreen,
  ),
  viewTransaction: screen(
    () => import('../features/transactions/screens/view-transaction-screen'),
    (m) => m.ViewTransactionScreen,
  ),
  recipients: screen(
    () => import('../features/recipients/screens/recipients-screen'),
    (m) => m.RecipientsScreen,
  ),
  viewRecipient: screen(
    () => import('../features/recipients/screens/view-recipient-screen'),
    (m) => m.ViewRecipientScreen,
  ),
  accountVerification: screen(
    () => import('../features/account-verification/screens/account-verification-screen'),
    (m) => m.AccountVerificationScreen,
  ),
  categoryView: screen(
    () => import('../features/account-verification/screens/category-view-screen'),
    (m) => m.CategoryViewScreen,
  ),
  settings: screen(
    () => import('../features/settings/screens/settings-screen'),
    (m) => m.SettingsScreen,
  ),
  devices: screen(
    () => import('../features/devices/screens/devices-screen'),
    (m) => m.DevicesScreen,
  ),
};

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { title: route.title };
  return {
    id: route.name,
    path: route.path,
    handle,
    lazy: screens[route.name],
    ErrorBoundary: ScreenError,
  };
}

const notFoundHandle: RouteHandle = { title: NOT_FOUND_TITLE };

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
        Component: SignedInLayout,
        loader: signedInLoader,
        ErrorBoundary: PageError,
        children: routeTable.filter((route) => route.access === 'customer').map(toRouteObject),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
