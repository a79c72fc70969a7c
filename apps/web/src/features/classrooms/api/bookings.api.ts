import {
  classroomAttendanceOps as attendanceOps,
  classroomBookingOps as ops,
  type TAttendanceInput,
  type TBookingStatus,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { CLASSROOM_MESSAGES } from '../labels.ts';
import { classroomKeys, useRefreshClassrooms } from './classrooms.api.ts';

/* Seats, waitlists, attendance and check-in: under the same key tree as the structure. */

export const bookingKeys = {
  mine: (query: object) => [...classroomKeys.all, 'my-events', query] as const,
  attendees: (query: object) => [...classroomKeys.all, 'attendees', query] as const,
  checkinCode: (session: number) => [...classroomKeys.all, 'checkin-code', session] as const,
};

/** The caller's own bookings: upcoming (soonest first) or past (latest first). */
export function useMyEvents(query: { upcoming: boolean; page: number; page_size: number }) {
  return useQuery({
    queryKey: bookingKeys.mine(query),
    queryFn: ({ signal }) => call(ops.myEvents, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Book (or join the waitlist, or ask): the answer's status says which it became. */
export function useBook() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: { session: number; user?: number }) => call(ops.book, { body }),
    onSuccess: refresh,
    meta: { errorMessage: CLASSROOM_MESSAGES.postFailed },
  });
}

export function useCancelBooking() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (id: number) => call(ops.cancel, { params: { id } }),
    onSuccess: refresh,
    meta: { errorMessage: CLASSROOM_MESSAGES.deleteFailed },
  });
}

export interface AttendeeQuery {
  session: number;
  status?: TBookingStatus;
  search?: string;
  page: number;
  page_size: number;
}

export function useAttendees(query: AttendeeQuery, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.attendees(query),
    queryFn: ({ signal }) => call(ops.attendees, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMarkAttendance() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: TAttendanceInput) => call(attendanceOps.mark, { body }),
    onSuccess: refresh,
    meta: { errorMessage: CLASSROOM_MESSAGES.updateFailed, successMessage: 'Attendance saved.' },
  });
}

/** The trainer's rotating code: fetched again when it expires (the dialog sets the interval). */
export function useCheckinCode(session: number, enabled: boolean, refetchMs: number) {
  return useQuery({
    queryKey: bookingKeys.checkinCode(session),
    queryFn: ({ signal }) => call(attendanceOps.checkinCode, { query: { session }, signal }),
    enabled,
    refetchInterval: refetchMs,
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
}

/** The learner's check-in; the form shows a refusal (wrong or expired code) itself. */
export function useCheckin() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: { session: number; code: string }) => call(attendanceOps.checkin, { body }),
    onSuccess: refresh,
  });
}
