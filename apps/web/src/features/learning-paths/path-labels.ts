import type {
  LEARNING_PATH_DUE_MODES,
  LEARNING_PATH_ENROLMENT_MODES,
  LEARNING_PATH_SOURCES,
  LEARNING_PATH_VISIBILITIES,
  TLearningPath,
  TLearningPathProgress,
  TLearningPathStatus,
} from '@atrium/contract';

type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error' | 'primary';

/**
 * Spec §8 texts the learning path screens fall back on when the server gives no message of its
 * own (its message always wins, see errorMessage()).
 */
export const PATH_MESSAGES = {
  listFailed: 'Could not get learning paths',
  detailFailed: 'Could not get learning path detail',
  learnersFailed: 'Loading users failed.',
  reviewsFailed: 'Could not get learning path reviews',
  postFailed: 'Could not post data',
  updateFailed: 'Could not update data',
  deleteFailed: 'Could not delete data',
  reviewFailed: 'Failed to add review',
} as const;

export const PATH_STATUS: Record<TLearningPathStatus, { label: string; color: ChipColor }> = {
  draft: { label: 'Draft', color: 'default' },
  published: { label: 'Published', color: 'success' },
  archived: { label: 'Archived', color: 'warning' },
};

export const PROGRESS_STATE: Record<TLearningPathProgress, { label: string; color: ChipColor }> = {
  not_started: { label: 'Not started', color: 'default' },
  in_progress: { label: 'In progress', color: 'info' },
  completed: { label: 'Completed', color: 'success' },
  overdue: { label: 'Overdue', color: 'error' },
  requested: { label: 'Requested', color: 'warning' },
};

export const VISIBILITY_LABEL: Record<(typeof LEARNING_PATH_VISIBILITIES)[number], string> = {
  organisation: 'Everyone in the organisation',
  assigned: 'Only assigned learners',
};

export const ENROLMENT_LABEL: Record<(typeof LEARNING_PATH_ENROLMENT_MODES)[number], string> = {
  assigned: 'Assigned by managers only',
  self: 'Learners join by themselves',
  request: 'Learners ask to join (approval)',
};

export const DUE_MODE_LABEL: Record<(typeof LEARNING_PATH_DUE_MODES)[number], string> = {
  none: 'No due date',
  fixed: 'A fixed date',
  relative: 'Days after enrolment',
};

export const SOURCE_LABEL: Record<(typeof LEARNING_PATH_SOURCES)[number], string> = {
  assigned: 'Assigned',
  department: 'Department',
  designation: 'Designation',
  self: 'Joined',
  request: 'Request',
};

export const PAGE_SIZES = [10, 25, 50] as const;
export const CARD_PAGE_SIZE = 12;

/** 90 → '1 h 30 min'; null when there is no estimate. */
export function formatMinutes(minutes: number | null | undefined): string | null {
  if (minutes == null) return null;
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** A date for tables and cards: "3 Mar 2026", or a dash when there is none. */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * Whether a due date has passed for work that is not finished. The server's `overdue` state says
 * the same once its sweep has run; checking the date too shows it the moment it passes.
 */
export function isOverdue(
  mine: { state: TLearningPathProgress; due_at: string | null } | null | undefined,
  now = Date.now(),
): boolean {
  if (!mine || mine.state === 'completed' || mine.state === 'requested') return false;
  if (mine.state === 'overdue') return true;
  return mine.due_at !== null && new Date(mine.due_at).getTime() < now;
}

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What a path's join button says, from what the server allows the caller. */
export function joinAction(path: Pick<TLearningPath, 'abilities' | 'mine'>): {
  kind: 'join' | 'request' | null;
  label: string;
} {
  if (path.mine) return { kind: null, label: '' };
  if (path.abilities.enrol) return { kind: 'join', label: 'Join' };
  if (path.abilities.request) return { kind: 'request', label: 'Request to join' };
  return { kind: null, label: '' };
}

/** The learner's page of a path (what every card and link opens). */
export const learnerPathUrl = (id: number) => `/learning-path/learner/learning-path/${id}`;
export const editorPathUrl = (id: number) => `/learning-path/${id}`;
/** The course page a path's item leads to. */
export const courseUrl = (courseId: number) => `/course/${courseId}`;
