export {
  RealtimeContext,
  type RealtimeHandler,
  type RealtimeValue,
  useRealtime,
} from './realtime-context.ts';
export {
  type EventSourceFactory,
  type EventSourceLike,
  RealtimeProvider,
} from './realtime-provider.tsx';
