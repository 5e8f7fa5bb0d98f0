// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx).
export const loadTransactionsScreen = () => import('./screens/transactions-screen');
export const loadViewTransactionScreen = () => import('./screens/view-transaction-screen');
