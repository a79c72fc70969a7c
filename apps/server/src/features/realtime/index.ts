import { SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { AppModule } from '../../core/module.ts';
import { realtimeHubOf } from '../../core/realtime/hub.ts';
import { registerRealtimeStream } from '../../core/realtime/stream.ts';
import { liveTokens } from '../auth/index.ts';

/**
 * The live-update stream, GET /api/stream/ (core/realtime/stream.ts), served on ctx.realtime. A
 * slice of its own so that the route is wired, listed and checked like every other.
 */
export const realtimeModule: AppModule = {
  name: 'realtime',
  routes(app, ctx) {
    registerRealtimeStream(app, realtimeHubOf(ctx.realtime), {
      ...ctx.config.realtime,
      liveTokens: liveTokens(ctx.db, ctx.config),
    });
  },
  matrix: {
    // Past the access check a request without Accept: text/event-stream is answered 406.
    'GET /api/stream/': SIGNED_IN,
  },
};
