import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * Payloads of the realtime events (docs/product/realtime.md#events); their channel and event names are in channels.ts.
 * A transaction's and a payment's are in transactions.ts, beside their states.
 */
export const customerProfileUpdatedSchema = lazySchema(() => z.object({ customer_id: z.string() }));
export const deviceSignedOutSchema = lazySchema(() => z.object({ session_id: z.string() }));
/** Document events carry the category and type titles, shown to the customer. */
export const customerDocumentEventSchema = lazySchema(() =>
  z.object({
    customer_id: z.string(),
    document_id: z.string(),
    /** The category's code (POI, POA, SOF) and title, and the type's, in the customer's language. */
    category_code: z.string(),
    category: z.string(),
    type_code: z.string(),
    type: z.string(),
    status_code: z.string(),
    status_title: z.string(),
    /** Set on CustomerDocumentRejected: the reason, shown as it is. */
    rejection_reason: z.string().nullable(),
  }),
);
export type CustomerProfileUpdated = z.infer<typeof customerProfileUpdatedSchema>;
export type DeviceSignedOut = z.infer<typeof deviceSignedOutSchema>;
export type CustomerDocumentEvent = z.infer<typeof customerDocumentEventSchema>;

/** GET /client/v1/realtime-config: where the browser's pusher-js connects. */
export const realtimeConfigSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    host: z.string(),
    port: z.number().int(),
    scheme: z.enum(['http', 'https']),
    cluster: z.string(),
  }),
);
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;

/** What /broadcasting/auth and /broadcasting/user-auth answer (docs/product/realtime.md#authorisation-endpoints). */
export const channelAuthorizationSchema = lazySchema(() =>
  z.object({
    auth: z.string(),
    channel_data: z.string().optional(),
  }),
);
export const userAuthenticationSchema = lazySchema(() =>
  z.object({ auth: z.string(), user_data: z.string() }),
);
