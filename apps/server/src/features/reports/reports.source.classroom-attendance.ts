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
 * Classroom attendance (Courses): one row per booking of a session (cancelled and waitlisted
 * ones aside) of a class of the scope (a trainer: the classes they made), by a member of the
 * scope; `attendance` is the trainer's mark.
 */
export const classroomAttendanceSource: DataSource = {
  key: 'classroom_attendance',
  title: 'Classroom attendance',
  dateColumn: 'session_date',
  columns: [
    ...personColumns(),
    column({ key: 'classroom', label: 'Classroom', type: 'text', expr: sql.raw('r.title') }),
    column({ key: 'class', label: 'Class', type: 'text', expr: sql.raw('k.name') }),
    column({ key: 'session', label: 'Session', type: 'text', expr: sql.raw('ss.title') }),
    column({
      key: 'session_date',
      label: 'Session date',
      type: 'date',
      expr: sql.raw('ss.starts_at'),
    }),
    column({ key: 'booking_status', label: 'Booking', type: 'text', expr: sql.raw('b.status') }),
    column({ key: 'attendance', label: 'Attendance', type: 'text', expr: sql.raw('b.attendance') }),
    column({
      key: 'attended',
      label: 'Attended',
      type: 'boolean',
      groupable: true,
      expr: sql.raw(`coalesce(b.attendance in ('present', 'late'), false)`),
    }),
    column({
      key: 'checked_in_at',
      label: 'Checked in',
      type: 'datetime',
      groupable: false,
      expr: sql.raw('b.checked_in_at'),
    }),
  ],
  from: (input) => sql`from classroom_bookings b
    join classroom_sessions ss on ss.id = b.session_id
    join classroom_classes k on k.id = ss.class_id
    join classrooms r on r.id = k.classroom_id
    ${personJoins('b.user_id')}
    where b.status not in ('cancelled', 'waitlisted', 'requested')
      and ${ownedBy(input.scope, sql`k.organisation_id`, sql`k.created_by`)}
      and ${membersOf(input, sql`b.user_id`)}`,
  rowKey: sql.raw('b.id'),
};
