import { sql } from 'drizzle-orm';
import {
  column,
  type DataSource,
  ownedBy,
  personColumns,
  personJoins,
} from './reports.builder.catalogue.ts';
import { membersOf, TAKING_PART } from './reports.scope.ts';

/**
 * Course progress (Courses): one row per enrolment taking part (enrolled or completed) in a
 * course of the scope, by a member of the scope (a trainer: their courses; a learner: their own
 * enrolments).
 */
export const courseProgressSource: DataSource = {
  key: 'course_progress',
  title: 'Course progress',
  dateColumn: 'enrolled_at',
  columns: [
    ...personColumns(),
    column({ key: 'course', label: 'Course', type: 'text', expr: sql.raw('c.title') }),
    column({ key: 'category', label: 'Category', type: 'text', expr: sql.raw('cat.name') }),
    column({ key: 'status', label: 'Status', type: 'text', expr: sql.raw('e.status') }),
    column({
      key: 'progress',
      label: 'Progress',
      type: 'percent',
      expr: sql.raw('e.progress_percent'),
    }),
    column({ key: 'enrolled_at', label: 'Enrolled', type: 'date', expr: sql.raw('e.enrolled_at') }),
    column({
      key: 'completed_at',
      label: 'Completed',
      type: 'date',
      expr: sql.raw('e.completed_at'),
    }),
    column({ key: 'due_at', label: 'Due', type: 'date', expr: sql.raw('e.due_at') }),
    column({
      key: 'overdue',
      label: 'Overdue',
      type: 'boolean',
      groupable: true,
      expr: sql.raw(`(e.status = 'enrolled' and e.due_at is not null and e.due_at < now())`),
    }),
  ],
  from: (input) => sql`from course_enrolments e
    join courses c on c.id = e.course_id
    left join course_categories cat on cat.id = c.category_id
    ${personJoins('e.user_id')}
    where e.status in ${TAKING_PART}
      and ${ownedBy(input.scope, sql`c.organisation_id`, sql`c.created_by`)}
      and ${membersOf(input, sql`e.user_id`)}`,
  rowKey: sql.raw('e.id'),
};
