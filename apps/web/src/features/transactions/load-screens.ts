/**
 * Each screen with its words (decision 19), its own chunk: the list and a transaction's page
 * share little, and each in the other's first load was files on its path to its largest paint
 * (issue 31). Loaded on demand by index.ts, and importing nothing statically, so that the files
 * the screens need are named here (every dynamic import lists its files beside it), not in the
 * entry chunk the sign-in page loads (issue 13).
 */
const withWords = <M>(screen: Promise<M>): Promise<M> =>
  Promise.all([screen, import('./messages').then((m) => m.transactionsMessages.load())]).then(
    ([m]) => m,
  );

export const loadListScreen = () => withWords(import('./screens/list'));
export const loadDetailScreen = () => withWords(import('./screens/detail'));
