import { defineOperation } from '../core/operation.ts';
import { ZStreamQuery } from './realtime.ts';

const tags = ['realtime'];

export const realtimeOps = {
  stream: defineOperation({
    method: 'GET',
    path: '/api/stream/',
    query: ZStreamQuery,
    response: 'binary',
    errors: [400, 401, 403, 406, 429, 503],
    summary:
      'The caller’s server-sent-events stream (text/event-stream). Each event carries one ' +
      'realtime message as JSON `{type, data}` and an `id`; a reconnect sending ' +
      '`Last-Event-ID` (or `last_event_id`) first gets what it missed, a few minutes back, or a ' +
      '`resync` message when that is gone. Comments keep it alive; it ends when the token is ' +
      'revoked or expires. A request that does not accept text/event-stream is answered 406.',
    access: 'Signed in and approved; the caller’s own messages only',
    tags,
  }),
};
