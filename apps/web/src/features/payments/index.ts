import { transactionsMessages } from '@/features/transactions';
import { paymentsMessages } from './messages';

// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx), with the
// words they speak: theirs and the bank details' (the transactions feature's).
const words = () => Promise.all([paymentsMessages.load(), transactionsMessages.load()]);

export const loadMakePaymentScreen = () =>
  Promise.all([import('./screens/make-payment-screen'), words()]).then(([screen]) => screen);
export const loadPaymentCallbackScreen = () =>
  Promise.all([import('./screens/payment-callback-screen'), words()]).then(([screen]) => screen);
