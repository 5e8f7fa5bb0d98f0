/**
 * Realtime (docs/product/realtime.md#channels): private channels on a Pusher-protocol server, authorised at
 * POST /broadcasting/auth against the session. Names are written once here; payloads in
 * realtime.ts.
 */
export const customerChannel = (customerId: string) => `private-client-customer.${customerId}`;
export const transactionChannel = (transactionId: string) =>
  `private-client-transaction.${transactionId}`;
export const paymentChannel = (paymentId: string) => `private-client-payment.${paymentId}`;

/** The private channels there are, each with the pattern that names its owner's id. */
export const channelPatterns = {
  customer: /^private-client-customer\.([0-9a-f-]{36})$/,
  transaction: /^private-client-transaction\.([A-Za-z0-9_-]{1,64})$/,
  payment: /^private-client-payment\.([A-Za-z0-9_-]{1,64})$/,
} as const;
export type ChannelKind = keyof typeof channelPatterns;

/** The names the web app binds with Echo's `.listen('.Name')` (no namespace). */
export const realtimeEvents = {
  customerProfileUpdated: 'CustomerProfileUpdated',
  customerDocumentUploaded: 'CustomerDocumentUploaded',
  customerDocumentProcessing: 'CustomerDocumentProcessing',
  customerDocumentApproved: 'CustomerDocumentApproved',
  customerDocumentRejected: 'CustomerDocumentRejected',
  deviceSignedOut: 'DeviceSignedOut',
  transactionStateUpdated: 'TransactionStateUpdated',
  paymentTransactionStateUpdated: 'PaymentTransactionStateUpdated',
} as const;

export type RealtimeEventName = (typeof realtimeEvents)[keyof typeof realtimeEvents];
