import type { TTopLearners } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import {
  courseScope,
  membersOf,
  PERSON,
  personOf,
  type ReportInput,
  TAKING_PART,
  within,
} from './reports.scope.ts';

type Row = {
  user_id: number;
  fullname: string;
  email: string;
  enrolled: number;
  completed: number;
};

/**
 * top-learner/: learners ranked by courses completed (then enrolments), or with
 * `role_name=trainer` the trainers ranked by completions in the courses they wrote. Enrolments
 * count when begun in the range, completions when completed in it. One grouped query over the
 * scope's enrolments.
 */
export async function topLearners(
  db: DbOrTx,
  input: ReportInput & { role: 'learner' | 'trainer'; from?: string; to?: string; limit: number },
): Promise<TTopLearners> {
  const enrolledIn = within(sql`e.enrolled_at`, input.from, input.to);
  const completedIn = sql`e.status = 'completed' and ${within(sql`e.completed_at`, input.from, input.to)}`;
  const counted = sql`count(*) filter (where ${enrolledIn})::int as enrolled,
    count(*) filter (where ${completedIn})::int as completed`;
  const having = sql`having count(*) filter (where (${enrolledIn}) or (${completedIn})) > 0
    order by completed desc, enrolled desc, u.id limit ${input.limit}`;
  const rows =
    input.role === 'learner'
      ? await queryRows<Row>(
          db,
          sql`select ${PERSON('u')}, ${counted}
            from course_enrolments e
            join courses c on c.id = e.course_id
            join users u on u.id = e.user_id
            where ${courseScope(input.scope)} and e.status in ${TAKING_PART}
              and ${membersOf({ ...input, userType: 'learner' }, sql`e.user_id`)}
            group by u.id ${having}`,
        )
      : await queryRows<Row>(
          db,
          // A course's author counts as a trainer while a trainer member of its organisation.
          sql`select ${PERSON('u')}, ${counted}
            from course_enrolments e
            join courses c on c.id = e.course_id
            join users u on u.id = c.created_by
            where ${courseScope(input.scope)} and e.status in ${TAKING_PART}
              and ${membersOf(input, sql`e.user_id`)}
              and (c.created_by, c.organisation_id) in
                (select m.user_id, m.organisation_id from memberships m where m.role_id = 3)
            group by u.id ${having}`,
        );
  return {
    role_name: input.role,
    results: rows.map((r) => ({ user: personOf(r), enrolled: r.enrolled, completed: r.completed })),
  };
}
