// Both screens of the feature in one chunk: they share most of their code, and every chunk of
// its own would name itself in the entry's preload map, which the sign-in page loads (issue 13).
export { TransactionsScreen } from './transactions-screen';
export { ViewTransactionScreen } from './view-transaction-screen';
export { transactionLoader } from '../api/get-transaction';
