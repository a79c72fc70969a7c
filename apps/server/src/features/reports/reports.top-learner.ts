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
import { cellsOf, summarisedOrganisation } from './reports.summary.ts';

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
    (await fromSummaries(db, input)) ??
    (input.role === 'learner'
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
        ));
  return {
    role_name: input.role,
    results: rows.map((r) => ({ user: personOf(r), enrolled: r.enrolled, completed: r.completed })),
  };
}

/**
 * The all-time ranking from the summaries: learners from report_user_totals (in the order of
 * report_user_totals_learners_idx), trainers by summing their courses' report_course_totals.
 * Null when the report must read the raw rows (a range; people filters for trainers).
 */
async function fromSummaries(
  db: DbOrTx,
  input: ReportInput & { role: 'learner' | 'trainer'; from?: string; to?: string; limit: number },
): Promise<Row[] | null> {
  const learners = input.role === 'learner';
  const summarised = await summarisedOrganisation(
    db,
    learners ? { ...input, userType: 'learner' } : input,
    {
      byPeople: learners,
      allTime: true,
      from: input.from,
      to: input.to,
    },
  );
  if (!summarised) return null;
  if (learners) {
    return queryRows<Row>(
      db,
      sql`select ${PERSON('u')}, s.enrolled, s.completed
        from report_user_totals s join users u on u.id = s.user_id
        where s.organisation_id = ${summarised} and ${cellsOf({ ...input, userType: 'learner' })}
          and s.enrolled > 0
        order by s.completed desc nulls last, s.enrolled desc nulls last, s.user_id
        limit ${input.limit}`,
    );
  }
  return queryRows<Row>(
    db,
    sql`select ${PERSON('u')}, sum(s.enrolled + s.completed)::int as enrolled,
        sum(s.completed)::int as completed
      from report_course_totals s
      join courses c on c.id = s.course_id and c.organisation_id = ${summarised}
      join users u on u.id = c.created_by
      where s.organisation_id = ${summarised}
        and (c.created_by, c.organisation_id) in
          (select m.user_id, m.organisation_id from memberships m where m.role_id = 3)
      group by u.id
      having sum(s.enrolled + s.completed) > 0
      order by completed desc, enrolled desc, u.id
      limit ${input.limit}`,
  );
}
