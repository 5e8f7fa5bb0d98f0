// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx).
export const loadMakePaymentScreen = () => import('./screens/make-payment-screen');
export const loadPaymentCallbackScreen = () => import('./screens/payment-callback-screen');
