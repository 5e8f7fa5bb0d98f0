import { transactionsMessages } from './messages';

// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx), with the
// words they speak (decision 19).
const words = () => transactionsMessages.load();

export const loadTransactionsScreen = () =>
  Promise.all([import('./screens/transactions-screen'), words()]).then(([screen]) => screen);
export const loadViewTransactionScreen = () =>
  Promise.all([import('./screens/view-transaction-screen'), words()]).then(([screen]) => screen);

// The watch hook and the bank details, for the payment screens, are in parts.ts (lazily loaded
// code only).
export { transactionsMessages } from './messages';
