import { classroomOps as ops, type TClassroomQuery } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, call } from '../../../shared/api/call.ts';
import { CLASSROOM_MESSAGES } from '../labels.ts';

/*
 * Classroom structure: programmes, classes, topics, sessions and rooms. One key tree, so any
 * change (a booking too, see bookings.api.ts) refreshes every list and detail that shows it.
 */
export const classroomKeys = {
  all: ['classrooms'] as const,
  list: (query: object) => ['classrooms', 'list', query] as const,
  detail: (id: number) => ['classrooms', 'detail', id] as const,
  classes: (query: object) => ['classrooms', 'classes', query] as const,
  classDetail: (id: number) => ['classrooms', 'class', id] as const,
  topics: (classId: number) => ['classrooms', 'topics', classId] as const,
  sessions: (query: object) => ['classrooms', 'sessions', query] as const,
  session: (id: number) => ['classrooms', 'session', id] as const,
  rooms: (query: object) => ['classrooms', 'rooms', query] as const,
  trainers: (search: string) => ['classrooms', 'trainers', search] as const,
  learners: (search: string) => ['classrooms', 'learners', search] as const,
  check: (query: object) => ['classrooms', 'check', query] as const,
};

export function useRefreshClassrooms() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: classroomKeys.all });
}

export type ClassroomListQuery = Omit<TClassroomQuery, 'page' | 'page_size'> & {
  page: number;
  page_size: number;
};

export function useClassrooms(query: ClassroomListQuery, enabled = true) {
  return useQuery({
    queryKey: classroomKeys.list(query),
    queryFn: ({ signal }) => call(ops.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

const validId = (id: number | null | undefined): id is number =>
  typeof id === 'number' && Number.isInteger(id) && id > 0;

export function useClassroom(id: number | null) {
  return useQuery({
    queryKey: classroomKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(ops.detail, { params: { id: id ?? 0 }, signal }),
    enabled: validId(id),
  });
}

/** The dialogs show the server's field errors themselves, so there is no error snackbar. */
export function useCreateClassroom() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.create>) => call(ops.create, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Classroom created.' },
  });
}

export function useUpdateClassroom() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyOf<typeof ops.update> }) =>
      call(ops.update, { params: { id }, body }),
    onSuccess: refresh,
    meta: { successMessage: 'Classroom saved.' },
  });
}

/** Refused (409) while it has live bookings: the confirm dialog shows the server's words. */
export function useDeleteClassroom() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: refresh,
    meta: { successMessage: 'Classroom deleted.' },
  });
}

/** An admin's publish is immediate; a trainer's becomes a request (the status says which). */
export function usePublishClassroom() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: { classroom: number; action: 'publish' | 'withdraw' }) =>
      call(ops.publish, { body }),
    onSuccess: refresh,
    meta: { errorMessage: CLASSROOM_MESSAGES.updateFailed },
  });
}

// ── Classes ──

export function useClasses(
  query: { classroom_id?: number; search?: string; page: number; page_size: number },
  enabled = true,
) {
  return useQuery({
    queryKey: classroomKeys.classes(query),
    queryFn: ({ signal }) => call(ops.classes, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useClassDetail(id: number | null) {
  return useQuery({
    queryKey: classroomKeys.classDetail(id ?? 0),
    queryFn: ({ signal }) => call(ops.classDetail, { params: { id: id ?? 0 }, signal }),
    enabled: validId(id),
  });
}

export function useCreateClass() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.createClass>) => call(ops.createClass, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Class created.' },
  });
}

export function useUpdateClass(id: number) {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.updateClass>) =>
      call(ops.updateClass, { params: { id }, body }),
    onSuccess: refresh,
    meta: { successMessage: 'Class saved.' },
  });
}

export function useDeleteClass() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (id: number) => call(ops.removeClass, { params: { id } }),
    onSuccess: refresh,
    meta: { successMessage: 'Class deleted.' },
  });
}

// ── Topics ──

export function useCreateTopic() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.createTopic>) => call(ops.createTopic, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Topic added.' },
  });
}

export function useUpdateTopic() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyOf<typeof ops.updateTopic> }) =>
      call(ops.updateTopic, { params: { id }, body }),
    onSuccess: refresh,
    meta: { successMessage: 'Topic saved.' },
  });
}

export function useDeleteTopic() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (id: number) => call(ops.removeTopic, { params: { id } }),
    onSuccess: refresh,
    meta: { successMessage: 'Topic deleted.' },
  });
}

// ── Sessions ──

export function useSessions(query: { topic_id?: number; class_id?: number }, enabled = true) {
  return useQuery({
    queryKey: classroomKeys.sessions(query),
    queryFn: ({ signal }) => call(ops.sessions, { query, signal }),
    enabled,
  });
}

export function useSession(id: number | null) {
  return useQuery({
    queryKey: classroomKeys.session(id ?? 0),
    queryFn: ({ signal }) => call(ops.session, { params: { id: id ?? 0 }, signal }),
    enabled: validId(id),
  });
}

/** The form maps the server's 400/409 to its rows itself: no snackbar for a failure. */
export function useCreateSessions() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.createSessions>) => call(ops.createSessions, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateSession() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyOf<typeof ops.updateSession> }) =>
      call(ops.updateSession, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useCancelSession() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (id: number) => call(ops.cancelSession, { params: { id } }),
    onSuccess: refresh,
    meta: { successMessage: 'Session cancelled.' },
  });
}

/** A trainer's or a room's sessions on a date, each saying whether it overlaps the range. */
export function useCheckSession(
  query: {
    trainer_id?: number;
    room_id?: number;
    date: string;
    start_time?: string;
    end_time?: string;
    time_zone?: string;
    exclude_session?: number;
  },
  enabled: boolean,
) {
  return useQuery({
    queryKey: classroomKeys.check(query),
    queryFn: ({ signal }) => call(ops.checkSession, { query, signal }),
    enabled,
    staleTime: 10_000,
  });
}

// ── Rooms and pickers ──

export function useRooms(enabled = true) {
  const query = { page_size: 100 };
  return useQuery({
    queryKey: classroomKeys.rooms(query),
    queryFn: ({ signal }) => call(ops.rooms, { query, signal }),
    enabled,
    staleTime: 30_000,
  });
}

export function useCreateRoom() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ops.createRoom>) => call(ops.createRoom, { body }),
    onSuccess: refresh,
    meta: { successMessage: 'Room added.' },
  });
}

export function useTrainerOptions(search: string, enabled = true) {
  const query = { search: search.trim() || undefined, page_size: 50 };
  return useQuery({
    queryKey: classroomKeys.trainers(search.trim()),
    queryFn: ({ signal }) => call(ops.listTrainer, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}

export function useLearnerOptions(search: string, enabled = true) {
  const query = { search: search.trim() || undefined, page_size: 20 };
  return useQuery({
    queryKey: classroomKeys.learners(search.trim()),
    queryFn: ({ signal }) => call(ops.listLearners, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
