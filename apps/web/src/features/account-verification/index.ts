// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx), with
// their words (decision 19). The catalogue itself is imported lazily too: the router imports
// this file into the entry chunk, and a catalogue there is announced to every page's first
// load (vite-route-preloads.ts reads the entry's catalogues as the route's own).
const words = () =>
  import('./messages').then(({ accountVerificationMessages }) =>
    accountVerificationMessages.load(),
  );
const screenWith = <M>(screen: Promise<M>) =>
  Promise.all([screen, words()]).then(([module]) => module);

export const loadAccountVerificationScreen = () =>
  screenWith(import('./screens/account-verification-screen'));
export const loadCategoryViewScreen = () => screenWith(import('./screens/category-view-screen'));

/**
 * The toasts of the customer channel's document events (app/use-customer-channel.ts), loaded
 * with the first such event rather than with the signed-in frame.
 */
export const loadDocumentNotices = () => import('./lib/document-notices');
export type { DocumentEventKind } from './lib/document-notices';
