import type { AppModule } from '../../core/module.ts';
import { defineJob } from '../../core/module.ts';
import { runTranscode } from './video.job.ts';
import { videoMatrix } from './video.matrix.ts';
import { registerVideoRoutes } from './video.routes.ts';
import { queueTranscode, videos } from './video.service.ts';
import { registerVideoShareRoutes } from './video.share.routes.ts';

export { transcodeCounts } from './video.stats.ts';

/** Video files: transcoded to HLS after upload, streamed to those who may watch. */
export const videoModule: AppModule = {
  name: 'video',
  routes: (app, ctx) => {
    registerVideoRoutes(app, ctx);
    registerVideoShareRoutes(app, ctx);
  },
  matrix: videoMatrix,
  // A transcode can take minutes: the long lane keeps welcome mails from waiting behind it.
  jobs: [
    defineJob({
      type: 'video.transcode',
      lane: 'long',
      handle: (ctx, { fileId }) => runTranscode(ctx, fileId),
    }),
  ],
  contentProcessors: {
    video: {
      afterInsert: (_ctx, tx, file) => queueTranscode(tx, file.id, file.stored.key),
      afterRemove: (ctx, _fileId, storageKey) => videos.removeFor(ctx, storageKey),
    },
  },
};
