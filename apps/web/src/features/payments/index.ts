// The screens are loaded when their route is first visited (app/router.tsx), both in one chunk
// (screens/screens.ts), through load-screens.ts: every file a dynamic import needs is named
// beside it, and here that would be the entry chunk, which the sign-in page loads (issue 13).
const screens = () => import('./load-screens').then((m) => m.loadScreens());

export const loadMakePaymentScreen = screens;
export const loadPaymentCallbackScreen = screens;
