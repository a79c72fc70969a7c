import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { attendanceMatrix } from './attendance.matrix.ts';
import { registerAttendanceRoutes } from './attendance.routes.ts';
import { bookingApproval } from './bookings.approval.ts';
import { bookingsMatrix } from './bookings.matrix.ts';
import { registerBookingRoutes } from './bookings.routes.ts';
import { classroomPublishApproval } from './classrooms.approval.ts';
import { classroomsCalendar } from './classrooms.calendar.ts';
import { classroomJobs } from './classrooms.jobs.ts';
import { classroomsMatrix } from './classrooms.matrix.ts';
import { registerClassroomRoutes } from './classrooms.routes.ts';
import { classroomsSearch } from './classrooms.search.ts';
import { classroomSubscribers } from './classrooms.subscribers.ts';
import { meetingsMatrix } from './meetings.matrix.ts';
import { registerMeetingRoutes } from './meetings.routes.ts';
import { reportsMatrix } from './reports.matrix.ts';
import { registerReportRoutes } from './reports.routes.ts';
import { requisitesMatrix } from './requisites.matrix.ts';
import { registerRequisiteRoutes } from './requisites.routes.ts';
import './classrooms.events.ts';
import { classroomsTodo } from './classrooms.todo.ts';

/**
 * Classrooms (issue 18): instructor-led training. Programmes → classes → topics → sessions with
 * trainers, rooms or online meetings, seats and waitlists, attendance and check-in, requisites,
 * surveys, invitations and reports.
 */
export const classroomsModule: AppModule = {
  name: 'classrooms',
  feature: 'classrooms',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerClassroomRoutes(app, ctx);
    registerBookingRoutes(app, ctx);
    registerAttendanceRoutes(app, ctx);
    registerMeetingRoutes(app, ctx);
    registerReportRoutes(app, ctx);
    registerRequisiteRoutes(app, ctx);
  },
  matrix: {
    ...classroomsMatrix,
    ...bookingsMatrix,
    ...attendanceMatrix,
    ...meetingsMatrix,
    ...reportsMatrix,
    ...requisitesMatrix,
  },
  approvalKinds: [classroomPublishApproval, bookingApproval],
  subscribers: classroomSubscribers,
  jobs: classroomJobs,
  calendar: classroomsCalendar,
  todo: classroomsTodo,
  search: classroomsSearch,
};

export * from './classrooms.policy.ts';
