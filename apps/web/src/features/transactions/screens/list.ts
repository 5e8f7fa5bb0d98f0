// The transactions list, a chunk of its own (load-screens.ts): a transaction's page loads none
// of the list's code (its filters, pager, empty state), and the list none of the page's.
export { TransactionsScreen } from './transactions-screen';
