import { z } from 'zod';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * The to-do list (spec §7 Other "search to_do"; issues 22 and 23): what the caller must do next,
 * gathered from every slice that has next actions (core/todo-provider.ts on the server): courses
 * assigned and not finished, assessments not submitted, learning paths not complete, approval
 * requests waiting on their decision, booked classroom sessions coming up and their surveys to
 * answer.
 */

/** The kinds the slices provide today; the server's `kinds` answer is the authority. */
export const TODO_KINDS = [
  'course',
  'assessment',
  'learning_path',
  'approval',
  'classroom_session',
  'classroom_survey',
] as const;
export type TTodoKind = (typeof TODO_KINDS)[number];

export const TODO_KIND_LABELS: Record<TTodoKind, string> = {
  course: 'Courses',
  assessment: 'Assessments',
  learning_path: 'Learning paths',
  approval: 'Approvals',
  classroom_session: 'Classroom sessions',
  classroom_survey: 'Session surveys',
};

/** high: overdue or due within 2 days; medium: due within 7 days; low: later or undated. */
export const TODO_PRIORITIES = ['high', 'medium', 'low'] as const;
export type TTodoPriority = (typeof TODO_PRIORITIES)[number];

/** Items due within this many days count as due soon (priority medium). */
export const TODO_DUE_SOON_DAYS = 7;

export const ZTodoItem = z.object({
  /** Stable across requests (`course:12`): the list's key. */
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  /** A short line under the title (the course, "Not started", who asks). */
  detail: z.string().nullable(),
  /** An app route the caller may open. */
  href: z.string(),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
  priority: z.enum(TODO_PRIORITIES),
});
export type TTodoItem = z.infer<typeof ZTodoItem>;

export const ZTodoPage = zPage(ZTodoItem).extend({
  /** Items per kind before the search and kind filters: the chips' counts. */
  by_kind: z.record(z.string(), z.number().int()),
  /** Kinds whose slice failed to answer (the rest of the list is still right). */
  unavailable: z.array(z.string()),
});
export type TTodoPage = z.infer<typeof ZTodoPage>;

export const ZTodoQuery = ZPageQuery.extend({
  /** Words of the title or detail (case-insensitive). */
  search: plainText().trim().max(100).optional(),
  /** One kind (see GET /api/todo/kinds/). */
  kind: z.string().trim().max(40).optional(),
});
export type TTodoQueryInput = z.input<typeof ZTodoQuery>;

export const ZTodoKinds = z.array(z.object({ kind: z.string(), label: z.string() }));
export type TTodoKinds = z.infer<typeof ZTodoKinds>;
