import { transactionsMessages } from './messages';

/**
 * Each screen with its words (decision 19), its own chunk: the list and a transaction's page
 * share little, and each in the other's first load was files on its path to its largest paint
 * (issue 31). Loaded on demand by index.ts, so that the files the screens need are named here
 * (every dynamic import lists its files beside it), not in the entry chunk the sign-in page
 * loads (issue 13). The catalogue's loader is imported statically: it is in `money`, which both
 * screens load, and asked for with `import()` it came through a file of re-exports of its own,
 * a request more (rolldown's facade).
 */
const withWords = <M>(screen: Promise<M>): Promise<M> =>
  Promise.all([screen, transactionsMessages.load()]).then(([m]) => m);

export const loadListScreen = () => withWords(import('./screens/list'));
export const loadDetailScreen = () => withWords(import('./screens/detail'));
