export {
  createOutbox,
  dispatchOutboxJob,
  type CreateOutboxOptions,
  type DispatchResult,
  type Outbox,
  type OutboxBundleHandler,
  type OutboxHandler,
  type OutboxMessage,
  type OutboxMessageInput,
} from './outbox.ts';
export { outboxKinds, type Aggregate } from './kinds.ts';
export { kickAfterResponses } from './kick-after-responses.ts';
