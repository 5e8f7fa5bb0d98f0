// The auth feature's public API. Screens are exported as loaders, so that each stays its own
// chunk: app/router.tsx calls them when a route is first visited, and each brings the feature's
// words with it (decision 19). What other screens render is in parts.ts, for lazy code only.
import { accountsMessages } from './messages';

export { accountsMessages };

/** A screen's chunk together with the feature's catalogue in the current language. */
const withMessages = <M>(load: () => Promise<M>) =>
  Promise.all([load(), accountsMessages.load()]).then(([module]) => module);

export const loadSignInScreen = () => withMessages(() => import('./screens/sign-in-screen'));
export const loadMultiFactorAuthScreen = () =>
  withMessages(() => import('./screens/multi-factor-auth-screen'));
export const loadForgotPasswordScreen = () =>
  withMessages(() => import('./screens/forgot-password-screen'));
export const loadResetPasswordScreen = () =>
  withMessages(() => import('./screens/reset-password-screen'));
export const loadSignUpScreen = () =>
  withMessages(() =>
    import('./screens/sign-up-screen').then(async (module) => {
      await module.loadSignUpScreenWords();
      return module;
    }),
  );
