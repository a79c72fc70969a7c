import type {
  TAssessmentStatus,
  TGradingMethod,
  TQuestionType,
  TReviewPart,
  TReviewTime,
} from '@atrium/contract';

/* Words and addresses of the authoring screens, in one place so the list and editor agree. */

export const editorUrl = (id: number) => `/assessment/edit-assessment/${id}`;
export const attendeesUrl = (id: number) => `/assessment/attendees-list/${id}`;
export const resultUrl = (attempt: number) => `/assessment/result/${attempt}`;

export const STATUS_LABEL: Record<TAssessmentStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};
export const STATUS_COLOUR: Record<TAssessmentStatus, 'default' | 'success' | 'warning'> = {
  draft: 'default',
  published: 'success',
  archived: 'warning',
};

export const GRADING_LABEL: Record<TGradingMethod, string> = {
  highest: 'Highest attempt',
  average: 'Average of attempts',
  first: 'First attempt',
  last: 'Last attempt',
};

export const REVIEW_PART_LABEL: Record<TReviewPart, string> = {
  responses: 'Their answers',
  correctness: 'Right or wrong',
  feedback: 'Feedback',
  score: 'Score',
};
export const REVIEW_TIME_LABEL: Record<TReviewTime, string> = {
  during: 'During the attempt',
  after_submit: 'Right after submitting',
  after_close: 'After the assessment closes',
};

export const QUESTION_TYPE_LABEL: Record<TQuestionType, string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  true_false: 'True / false',
  short_answer: 'Short answer',
  numeric: 'Numeric',
  matching: 'Matching',
  ordering: 'Ordering',
  fill_in_blanks: 'Fill in the blanks',
  essay: 'Essay',
  file_upload: 'File upload',
};

export function typeLabel(type: string): string {
  return QUESTION_TYPE_LABEL[type as TQuestionType] ?? type.replace(/_/g, ' ');
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A datetime-local input's value (local time) for an ISO instant; '' for none. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value as an ISO instant (with offset); null when empty or invalid. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
