// Both screens of the feature in one chunk: they share most of their code, and every chunk of
// its own would name itself in the entry's preload map, which the sign-in page loads (issue 13).
export { MakePaymentScreen } from './make-payment-screen';
export { PaymentCallbackScreen } from './payment-callback-screen';
export { transactionLoader } from '@/features/transactions/parts';
