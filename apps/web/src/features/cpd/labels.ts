import type { TCpdEntryStatus, TCpdSourceKind, TCpdUnit } from '@atrium/contract';

type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error' | 'primary';

/**
 * Texts the CPD screens fall back on when the server gives no message of its own (its message
 * always wins, see errorMessage()).
 */
export const CPD_MESSAGES = {
  summaryFailed: 'Could not get CPD progress',
  entriesFailed: 'Could not get CPD entries',
  schemeFailed: 'Could not get the CPD scheme',
  categoriesFailed: 'Could not get CPD categories',
  usersFailed: 'Loading users failed.',
  downloadFailed: 'Could not download the file',
  postFailed: 'Could not post data',
  deleteFailed: 'Could not delete data',
} as const;

export const SOURCE_LABEL: Record<TCpdSourceKind, string> = {
  event: 'Event',
  course: 'Course',
  learning_path: 'Learning path',
  classroom: 'Classroom session',
  external: 'External',
};

export const ENTRY_STATUS: Record<TCpdEntryStatus, { label: string; color: ChipColor }> = {
  credited: { label: 'Credited', color: 'success' },
  pending: { label: 'Waiting for approval', color: 'warning' },
  rejected: { label: 'Rejected', color: 'error' },
};

export const UNIT_LABEL: Record<TCpdUnit, string> = { hours: 'Hours', points: 'Points' };

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

// ── Where each screen lives (spec §2) ──

export type CpdTab = 'mine' | 'events' | 'types' | 'scheme' | 'people';
export const cpdUrl = (tab?: CpdTab) => (tab ? `/cpd?tab=${tab}` : '/cpd');
export const cpdViewUrl = (userId: number) => `/cpd-view/${userId}`;
