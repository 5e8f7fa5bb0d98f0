import { transactionsMessages } from '@/features/transactions/parts';
import { paymentsMessages } from './messages';

/**
 * The screens with their words: theirs and the bank details' (the transactions feature's).
 * Loaded on demand by index.ts, so that the files the screens need are named here (every dynamic
 * import lists its files beside it), not in the entry chunk the sign-in page loads (issue 13).
 * The catalogues' loaders are imported statically: they are in files the screens load anyway
 * (`money`, theirs), and asked for with `import()` each came through a file of re-exports of its
 * own and an empty one beside it (rolldown's facades), three requests on pay's path to its
 * largest paint (issue 31).
 */
export const loadScreens = () =>
  Promise.all([
    import('./screens/screens'),
    paymentsMessages.load(),
    transactionsMessages.load(),
  ]).then(([m]) => m);
