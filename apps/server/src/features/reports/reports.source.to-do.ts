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
 * To do (To Do List): what people must still do that has a due date, across slices: course
 * enrolments not completed, assessments assigned (to them or their department) with a closing
 * date and no submitted attempt, learning-path enrolments not completed. Each branch is held to
 * the scope as its own source is (a trainer: their courses, assessments and paths).
 */
export const toDoSource: DataSource = {
  key: 'to_do',
  title: 'To do',
  dateColumn: 'due_at',
  columns: [
    ...personColumns(),
    column({ key: 'kind', label: 'Kind', type: 'text', expr: sql.raw('td.kind') }),
    column({ key: 'title', label: 'Item', type: 'text', expr: sql.raw('td.title') }),
    column({ key: 'due_at', label: 'Due', type: 'date', expr: sql.raw('td.due_at') }),
    column({ key: 'progress', label: 'Progress', type: 'percent', expr: sql.raw('td.progress') }),
    column({
      key: 'overdue',
      label: 'Overdue',
      type: 'boolean',
      groupable: true,
      expr: sql.raw('(td.due_at < now())'),
    }),
  ],
  from: (input) => {
    const assessmentPeople = membersOf(input, sql`x.user_id`);
    return sql`from (
        select 'course' as kind, 'c' || e.id as key, e.user_id, c.title, e.due_at,
          e.progress_percent::int as progress
        from course_enrolments e join courses c on c.id = e.course_id
        where e.status = 'enrolled' and e.due_at is not null
          and ${ownedBy(input.scope, sql`c.organisation_id`, sql`c.created_by`)}
          and ${membersOf(input, sql`e.user_id`)}
        union all
        select 'assessment', 'a' || x.assessment_id || ':' || x.user_id, x.user_id, x.title,
          x.closes_at, null::int
        from (
          select distinct s.id as assessment_id, s.title, s.closes_at,
            coalesce(aa.user_id, dp.user_id) as user_id
          from assessment_assignments aa
          join assessments s on s.id = aa.assessment_id
          left join user_profiles dp on aa.department_id is not null and dp.department_id = aa.department_id
          where s.status = 'published' and s.closes_at is not null
            and ${ownedBy(input.scope, sql`s.organisation_id`, sql`s.created_by`)}
        ) x
        where x.user_id is not null and ${assessmentPeople}
          and not exists (select 1 from assessment_attempts t where t.assessment_id = x.assessment_id
            and t.user_id = x.user_id and t.status in ('submitted', 'graded') and not t.voided)
        union all
        select 'learning_path', 'p' || pe.id, pe.user_id, lp.title, pe.due_at,
          pe.progress_percent::int
        from learning_path_enrolments pe join learning_paths lp on lp.id = pe.path_id
        where pe.status = 'enrolled' and pe.due_at is not null
          and ${ownedBy(input.scope, sql`lp.organisation_id`, sql`lp.created_by`)}
          and ${membersOf(input, sql`pe.user_id`)}
      ) td
      ${personJoins('td.user_id')}
      where true`;
  },
  rowKey: sql.raw('td.key'),
};
