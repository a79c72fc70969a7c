import type {
  TAttendanceMark,
  TBookingStatus,
  TClassroomStatus,
  TSessionStatus,
} from '@atrium/contract';

type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error' | 'primary';

/**
 * Spec §8 texts the classroom screens fall back on when the server gives no message of its own
 * (its message always wins, see errorMessage()).
 */
export const CLASSROOM_MESSAGES = {
  listFailed: 'Could not get classrooms',
  detailFailed: 'Could not get classroom detail',
  postFailed: 'Could not post data',
  updateFailed: 'Could not update data',
  deleteFailed: 'Could not delete data',
  classesFailed: 'Could not get classes.',
  classFailed: 'Could not get classes by class ID.',
  topicsFailed: 'Could not get ClassRoom Topics.',
  sessionsFailed: 'Could not get Topic Sessions.',
  dashboardFailed: 'Could not get classroom dashboard data.',
  calendarFailed: 'Could not get calendar dashboard data.',
} as const;

export const CLASSROOM_STATUS: Record<TClassroomStatus, { label: string; color: ChipColor }> = {
  draft: { label: 'Draft', color: 'default' },
  pending: { label: 'Awaiting approval', color: 'warning' },
  published: { label: 'Published', color: 'success' },
};

export const SESSION_STATUS: Record<TSessionStatus, { label: string; color: ChipColor }> = {
  scheduled: { label: 'Scheduled', color: 'info' },
  cancelled: { label: 'Cancelled', color: 'error' },
  completed: { label: 'Completed', color: 'success' },
};

export const BOOKING_STATUS: Record<TBookingStatus, { label: string; color: ChipColor }> = {
  requested: { label: 'Requested', color: 'warning' },
  booked: { label: 'Booked', color: 'primary' },
  waitlisted: { label: 'Waitlisted', color: 'warning' },
  attended: { label: 'Attended', color: 'success' },
  partial: { label: 'Partly attended', color: 'info' },
  no_show: { label: 'No-show', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

export const MARK_LABEL: Record<TAttendanceMark, string> = {
  present: 'Present',
  late: 'Late',
  excused: 'Excused',
  absent: 'Absent',
};

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

// ── Where each screen lives (spec §2) ──

export const classroomHomeUrl = (tab?: string) => (tab ? `/classroom?tab=${tab}` : '/classroom');
export const classroomClassesUrl = (classroomId: number) =>
  `/classroom/classes?classroom=${classroomId}`;
export const classSessionsUrl = (classId: number) => `/classroom/classes?class=${classId}`;
export const sessionBookingUrl = (sessionId: number) => `/classroom/classes?session=${sessionId}`;
export const classEditorUrl = (classId: number) => `/classroom/classes/edit?class=${classId}`;
export const newClassUrl = (classroomId: number) =>
  `/classroom/classes/edit?classroom=${classroomId}`;
export const addSessionUrl = (topicId: number, sessionId?: number) =>
  sessionId
    ? `/classroom/add-session?topic=${topicId}&session=${sessionId}`
    : `/classroom/add-session?topic=${topicId}`;
export const attendeesUrl = (sessionId: number) => `/classroom/attendees/${sessionId}`;
