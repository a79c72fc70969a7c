/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { ModerationStateChip } from './components/moderation-state-chip.tsx';
export { ReportDialog, type ReportDialogProps } from './components/report-dialog.tsx';

/** The route '/socialwall/moderation'. */
export const moderationPages = {
  queue: () => import('./pages/moderation.page.tsx'),
};
