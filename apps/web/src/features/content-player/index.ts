/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { ScormPlayer } from './scorm/scorm-player.tsx';
export { ScormReport } from './scorm/scorm-report.tsx';
export { HlsVideo } from './video/hls-video.tsx';
export { VideoShareButton } from './video/video-share-dialog.tsx';
export { VideoStatusChip } from './video/video-status-chip.tsx';

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const contentPlayerPages = {
  hls: () => import('./pages/hls.page.tsx'),
};
