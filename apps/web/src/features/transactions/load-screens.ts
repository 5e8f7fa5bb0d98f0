/**
 * The screens with their words (decision 19). Loaded on demand by index.ts, and importing
 * nothing statically, so that the files the screens need are named here (every dynamic import
 * lists its files beside it), not in the entry chunk the sign-in page loads (issue 13).
 */
export const loadScreens = () =>
  Promise.all([
    import('./screens/screens'),
    import('./messages').then((m) => m.transactionsMessages.load()),
  ]).then(([m]) => m);
