import { sql } from 'drizzle-orm';
import { column, type DataSource, fullName, roleName } from './reports.builder.catalogue.ts';
import { peopleOf, TAKING_PART } from './reports.scope.ts';

/**
 * Users (Profile Details): one row per membership of the scope's organisation (a superadmin's
 * "all": every membership), with placement and course figures; a trainer sees the learners of
 * their courses only (peopleOf), a learner themselves.
 */
export const usersSource: DataSource = {
  key: 'users',
  title: 'Users',
  dateColumn: 'joined_at',
  columns: [
    column({
      key: 'user_id',
      label: 'User id',
      type: 'number',
      aggregatable: false,
      groupable: false,
      expr: sql.raw('u.id'),
    }),
    column({ key: 'fullname', label: 'Name', type: 'text', groupable: false, expr: fullName('u') }),
    column({
      key: 'username',
      label: 'User name',
      type: 'text',
      groupable: false,
      expr: sql.raw('u.username'),
    }),
    column({
      key: 'email',
      label: 'E-mail',
      type: 'text',
      groupable: false,
      expr: sql.raw('u.email'),
    }),
    column({ key: 'organisation', label: 'Organisation', type: 'text', expr: sql.raw('o.title') }),
    column({ key: 'role', label: 'Role', type: 'text', expr: roleName('mm.role_id') }),
    column({ key: 'department', label: 'Department', type: 'text', expr: sql.raw('dep.name') }),
    column({ key: 'designation', label: 'Designation', type: 'text', expr: sql.raw('des.name') }),
    column({
      key: 'active',
      label: 'Active',
      type: 'boolean',
      groupable: true,
      expr: sql.raw('u.is_active'),
    }),
    column({ key: 'joined_at', label: 'Joined', type: 'date', expr: sql.raw('u.created_at') }),
    column({
      key: 'last_login_at',
      label: 'Last sign-in',
      type: 'datetime',
      groupable: false,
      expr: sql.raw('u.last_login_at'),
    }),
    column({
      key: 'courses_enrolled',
      label: 'Courses enrolled',
      type: 'number',
      expr: sql`(select count(*) from course_enrolments ce where ce.user_id = u.id and ce.status in ${TAKING_PART})`,
    }),
    column({
      key: 'courses_completed',
      label: 'Courses completed',
      type: 'number',
      expr: sql.raw(
        `(select count(*) from course_enrolments ce where ce.user_id = u.id and ce.status = 'completed')`,
      ),
    }),
  ],
  from: (input) => sql`from memberships mm
    join users u on u.id = mm.user_id
    join organisations o on o.id = mm.organisation_id
    left join user_profiles prof on prof.user_id = u.id
    left join departments dep on dep.id = prof.department_id
    left join designations des on des.id = prof.designation_id
    where ${input.scope.kind === 'all' ? sql`true` : sql`mm.organisation_id = ${input.scope.organisationId}`}
      and ${peopleOf(input, sql`u.id`)}`,
  rowKey: sql.raw('mm.id'),
};
