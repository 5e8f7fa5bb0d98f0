// A transaction's page with its loader, a chunk of its own (load-screens.ts): its first load
// carries none of the list's code (issue 31: the list's seven files were on its largest paint's
// path).
export { ViewTransactionScreen } from './view-transaction-screen';
export { transactionLoader } from '../api/get-transaction';
