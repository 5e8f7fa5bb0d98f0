// The quotes feature's public face: the calculator (dashboard, transactions, a recipient's
// page) and its words. Imported by lazily loaded screens only: the calculator brings TanStack
// Query and Mantine's inputs, which the first load must not carry (decision 17). The
// calculator loads its own words, beside its first quote, so the screens that show it need not.
export { Calculator, prepareCalculator, type CalculatorProps } from './components/calculator';
export { quotesMessages } from './messages';
// "Send again" on a transfer's page (features/transactions) saves a quote for the same recipient.
export { sendMoneyToRecipient } from './api/send-money-to-recipient';
export { newIdempotencyKey } from './lib/idempotency-key';
