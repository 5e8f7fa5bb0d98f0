/**
 * The screens with their words: theirs and the bank details' (the transactions feature's).
 * Loaded on demand by index.ts, and importing nothing statically, so that the files the screens
 * need are named here (every dynamic import lists its files beside it), not in the entry chunk
 * the sign-in page loads (issue 13).
 */
export const loadScreens = () =>
  Promise.all([
    import('./screens/screens'),
    import('./messages').then((m) => m.paymentsMessages.load()),
    import('@/features/transactions/parts').then((m) => m.transactionsMessages.load()),
  ]).then(([m]) => m);
