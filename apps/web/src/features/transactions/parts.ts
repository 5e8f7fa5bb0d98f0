// What the payments feature's screens use of this one. Imported only by lazily loaded code:
// through index.ts, which the router loads at start, the watch hook and TanStack Query would
// ride in every first load (issue 13).
export { transactionLoader } from './api/get-transaction';
export { BankTransferDetails } from './components/bank-transfer-details';
export { canCancelPayment, canPayAgain, isAwaitingPayment } from './lib/transaction-flags';
export {
  SLOW_WATCH_MS,
  WATCH_POLL_MS,
  useWatchedTransaction,
  type WatchOptions,
  type WatchedTransaction,
} from './lib/use-watched-transaction';
export { transactionsMessages } from './messages';
