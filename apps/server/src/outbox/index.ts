export {
  createOutbox,
  dispatchOutboxJob,
  type CreateOutboxOptions,
  type DispatchResult,
  type Outbox,
  type OutboxHandler,
  type OutboxMessage,
  type OutboxMessageInput,
} from './outbox.ts';
export {
  mailHandler,
  mailMessage,
  outboxKinds,
  realtimeHandler,
  realtimeMessage,
  type Aggregate,
  type RealtimeEvent,
} from './kinds.ts';
export { kickAfterResponses } from './kick-after-responses.ts';
