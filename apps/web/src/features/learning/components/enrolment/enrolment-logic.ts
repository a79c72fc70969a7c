import type { TEnrolmentStatus } from '@atrium/contract';

/** Labels and theme colours of an enrolment status (requests use the same statuses). */
export const ENROLMENT_STATUS: Record<
  TEnrolmentStatus,
  { label: string; color: 'default' | 'info' | 'success' | 'warning' | 'error' }
> = {
  requested: { label: 'Pending', color: 'warning' },
  enrolled: { label: 'In progress', color: 'info' },
  completed: { label: 'Completed', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
};

export const PAGE_SIZES = [10, 25, 50] as const;

/** A date for tables: "3 Mar 2026", or a dash when there is none. */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What an assignment did, in one sentence (the server counts new and unchanged learners). */
export function assignSummary(result: { assigned: number; unchanged: number }): string {
  if (result.assigned === 0 && result.unchanged === 0) return 'No learners were found to assign.';
  const parts: string[] = [];
  if (result.assigned > 0) parts.push(`${plural(result.assigned, 'learner')} assigned`);
  if (result.unchanged > 0) {
    parts.push(
      `${plural(result.unchanged, 'learner was', 'learners were')} already enrolled or had completed it`,
    );
  }
  return `${parts.join('; ')}.`;
}

/** What an unassignment did; completions are history and stay. */
export function unassignSummary(result: { unassigned: number; kept_completed: number }): string {
  const parts = [`${plural(result.unassigned, 'learner')} unassigned`];
  if (result.kept_completed > 0) {
    parts.push(`${plural(result.kept_completed, 'completion')} kept`);
  }
  return `${parts.join('; ')}.`;
}

/** Status changes a course manager may make (server: user-enrolments/{id}/ transitions). */
export function nextStatuses(
  status: TEnrolmentStatus,
): { to: Exclude<TEnrolmentStatus, 'requested'>; label: string }[] {
  switch (status) {
    case 'requested':
      return [
        { to: 'enrolled', label: 'Approve' },
        { to: 'rejected', label: 'Reject' },
      ];
    case 'enrolled':
      return [{ to: 'completed', label: 'Mark as completed' }];
    case 'rejected':
      return [{ to: 'enrolled', label: 'Enrol after all' }];
    case 'completed':
      return [{ to: 'enrolled', label: 'Reopen' }];
  }
}

/**
 * What the learner can do about a course they are not enrolled in: request it (self-enrol
 * courses), wait (pending), or nothing (assigned by managers only, or a rejected request).
 */
export type JoinState = 'can_request' | 'pending' | 'rejected' | 'assigned_only';
export function joinState(course: {
  self_enrol: boolean;
  enrolment?: { status: string } | undefined;
}): JoinState {
  const status = course.enrolment?.status;
  if (status === 'requested') return 'pending';
  if (status === 'rejected') return 'rejected';
  return course.self_enrol ? 'can_request' : 'assigned_only';
}

/** Toggles one id in a row selection. */
export function toggleId(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
}

/** Header checkbox: selects the whole page, or clears it when it is all selected. */
export function togglePage(selected: readonly number[], pageIds: readonly number[]): number[] {
  const all = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  if (all) return selected.filter((id) => !pageIds.includes(id));
  return [...new Set([...selected, ...pageIds])];
}
