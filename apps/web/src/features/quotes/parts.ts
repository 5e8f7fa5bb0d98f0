// What other features' screens render or call from this feature. Imported only by lazily
// loaded code (the transfer wizard): through index.ts the calculator's code would ride along.
export { CostDisclosure, type QuoteFigures } from './components/cost-disclosure';
export { saveQuote } from './api/save-quote';
export { newIdempotencyKey } from './lib/idempotency-key';
export { quotesMessages } from './messages';
