import { sql } from 'drizzle-orm';
import {
  column,
  type DataSource,
  ownedBy,
  personColumns,
  personJoins,
} from './reports.builder.catalogue.ts';
import { membersOf } from './reports.scope.ts';

/**
 * Learning paths (Learning Path): one row per path enrolment (enrolled or completed) in a path of
 * the scope (a trainer: the paths they made), by a member of the scope.
 */
export const learningPathsSource: DataSource = {
  key: 'learning_paths',
  title: 'Learning paths',
  dateColumn: 'enrolled_at',
  columns: [
    ...personColumns(),
    column({ key: 'path', label: 'Learning path', type: 'text', expr: sql.raw('lp.title') }),
    column({ key: 'status', label: 'Status', type: 'text', expr: sql.raw('pe.status') }),
    column({
      key: 'progress',
      label: 'Progress',
      type: 'percent',
      expr: sql.raw('pe.progress_percent'),
    }),
    column({
      key: 'completed_items',
      label: 'Items completed',
      type: 'number',
      expr: sql.raw('pe.completed_items'),
    }),
    column({
      key: 'enrolled_at',
      label: 'Enrolled',
      type: 'date',
      expr: sql.raw('pe.enrolled_at'),
    }),
    column({ key: 'due_at', label: 'Due', type: 'date', expr: sql.raw('pe.due_at') }),
    column({
      key: 'completed_at',
      label: 'Completed',
      type: 'date',
      expr: sql.raw('pe.completed_at'),
    }),
    column({
      key: 'overdue',
      label: 'Overdue',
      type: 'boolean',
      groupable: true,
      expr: sql.raw(`(pe.status = 'enrolled' and pe.due_at is not null and pe.due_at < now())`),
    }),
  ],
  from: (input) => sql`from learning_path_enrolments pe
    join learning_paths lp on lp.id = pe.path_id
    ${personJoins('pe.user_id')}
    where pe.status in ('enrolled', 'completed')
      and ${ownedBy(input.scope, sql`lp.organisation_id`, sql`lp.created_by`)}
      and ${membersOf(input, sql`pe.user_id`)}`,
  rowKey: sql.raw('pe.id'),
};
