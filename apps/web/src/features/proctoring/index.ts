/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const proctoringPages = {
  // Proctors: the live grid, one group with a learner's card, one piece of evidence.
  grid: () => import('./pages/proctor-grid.page.tsx'),
  group: () => import('./pages/proctor-group.page.tsx'),
  evidence: () => import('./pages/evidence.page.tsx'),
  // The assessments the user proctors (spec §2's legacy route), with the organisation's rates.
  assessments: () => import('./pages/proctored-assessments.page.tsx'),
};

export { DecisionChip, LabelChip, OutcomeChip, StatusChip } from './components/chips.tsx';
// The assessment editor and attendees pages link here and host the settings section.
export { ProctorButton } from './components/proctor-button.tsx';
// Words, icons and chips for signals, statuses and outcomes: the learner's screens use them too.
export {
  type ChipColour,
  type ColouredLabel,
  EVIDENCE_KIND,
  FLAG_DECISION,
  FLAG_TYPE,
  flagTypeLabel,
  IDENTITY_CHECK,
  type Label,
  MODE,
  MONITORING_STATUS,
  OUTCOME,
  SIGNAL,
  TIMELINE_KIND,
} from './labels.tsx';
export {
  type ProctoringSettingsHandle,
  ProctoringSettingsSection,
} from './settings/proctoring-settings-section.tsx';
// The learner's side (assessments hosts it): consent and camera check before Start, monitoring
// during the attempt, and the review beside the result.
export type { ProctoringStart } from './taking/camera.ts';
export { type ConsentState, ProctoringConsent } from './taking/consent-step.tsx';
export { ProctoringIndicator } from './taking/proctoring-indicator.tsx';
export { ProctoringNotices } from './taking/proctoring-notices.tsx';
export { ProctoringReview, VoidedNotice } from './taking/proctoring-outcome.tsx';
export { type AttemptProctoring, useAttemptProctoring } from './taking/use-attempt-proctoring.ts';
export { PROCTORED_ASSESSMENTS_URL, proctorGridUrl } from './urls.ts';
