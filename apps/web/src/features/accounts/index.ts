// The auth feature's public API. Screens are exported as loaders, so that each stays its own
// chunk: app/router.tsx calls them when a route is first visited.
export { logout } from './api/logout';
export { NewPasswordFields, type NewPasswordFieldsProps } from './components/new-password-fields';

export const loadSignInScreen = () => import('./screens/sign-in-screen');
export const loadMultiFactorAuthScreen = () => import('./screens/multi-factor-auth-screen');
export const loadForgotPasswordScreen = () => import('./screens/forgot-password-screen');
export const loadResetPasswordScreen = () => import('./screens/reset-password-screen');
export const loadSignUpScreen = () => import('./screens/sign-up-screen');
