// The realtime connection (laravel-echo + pusher-js, loaded on demand), for app/ and the tests.
export {
  connectRealtime,
  currentSocketId,
  disconnectRealtime,
  resetRealtime,
  setRealtimeFactory,
  type RealtimeChannel,
  type RealtimeClient,
  type RealtimeFactory,
  type RealtimeOptions,
} from './lib/realtime-connection';
export { subscribePrivateChannel } from './lib/private-channel';
