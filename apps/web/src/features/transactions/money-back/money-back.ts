// The chunk loadMoneyBack (index.ts) loads.
export { CancelTransfer } from './cancel-transfer';
export { RefundsSection } from './refunds-section';
