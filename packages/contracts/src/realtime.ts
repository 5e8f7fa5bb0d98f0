import { z } from 'zod';

/**
 * Realtime (DESIGN §8): private channels on a Pusher-protocol server, authorised at
 * POST /broadcasting/auth against the session. Names and payloads are written once here.
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

export const customerProfileUpdatedSchema = z.object({ customer_id: z.string() });
export const deviceSignedOutSchema = z.object({ session_id: z.string() });
/** Document events carry the category and type titles, shown to the customer. */
export const customerDocumentEventSchema = z.object({
  customer_id: z.string(),
  document_id: z.string(),
  category: z.string(),
  type: z.string(),
});
export const transactionStateUpdatedSchema = z.object({
  transaction_id: z.string(),
  state: z.string(),
});
export const paymentTransactionStateUpdatedSchema = z.object({
  payment_id: z.string(),
  state: z.string(),
});

export type CustomerProfileUpdated = z.infer<typeof customerProfileUpdatedSchema>;
export type DeviceSignedOut = z.infer<typeof deviceSignedOutSchema>;
export type CustomerDocumentEvent = z.infer<typeof customerDocumentEventSchema>;
export type TransactionStateUpdated = z.infer<typeof transactionStateUpdatedSchema>;
export type PaymentTransactionStateUpdated = z.infer<typeof paymentTransactionStateUpdatedSchema>;

/** GET /client/v1/realtime-config: where the browser's pusher-js connects. */
export const realtimeConfigSchema = z.object({
  key: z.string(),
  host: z.string(),
  port: z.number().int(),
  scheme: z.enum(['http', 'https']),
  cluster: z.string(),
});
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;

/** What /broadcasting/auth and /broadcasting/user-auth answer (pusher-protocol §15.2). */
export const channelAuthorizationSchema = z.object({
  auth: z.string(),
  channel_data: z.string().optional(),
});
export const userAuthenticationSchema = z.object({ auth: z.string(), user_data: z.string() });
