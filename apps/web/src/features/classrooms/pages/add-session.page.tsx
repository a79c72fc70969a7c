import type { TSession } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession as useAppSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import {
  useCreateSessions,
  useRooms,
  useSession,
  useSessions,
  useUpdateSession,
} from '../api/classrooms.api.ts';
import { ClassroomProblem } from '../components/not-found.tsx';
import { RoomDialog } from '../components/sessions/room-dialog.tsx';
import { SessionRowFields } from '../components/sessions/session-row-fields.tsx';
import {
  clientErrors,
  emptyRow,
  hasErrors,
  type RowErrors,
  rowOfSession,
  type SessionRow,
  serverErrors,
  toPayload,
} from '../components/sessions/session-rows.ts';
import { CLASSROOM_MESSAGES, classEditorUrl } from '../labels.ts';

const MAX_ROWS = 50;

const idOf = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** '/classroom/add-session?topic=' (several sessions in one form), or '&session=' to edit one. */
export default function AddSessionPage() {
  const [params] = useSearchParams();
  const topicId = idOf(params.get('topic'));
  const sessionId = idOf(params.get('session'));
  const session = useSession(sessionId);
  if (!topicId) return <ClassroomProblem text="Choose a topic of a class first." />;
  if (sessionId) {
    if (session.isError) {
      return (
        <ClassroomProblem error={session.error} fallback={CLASSROOM_MESSAGES.sessionsFailed} />
      );
    }
    if (!session.data) {
      return (
        <PageContainer maxWidth={1100}>
          <Skeleton width={260} height={48} />
          <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
        </PageContainer>
      );
    }
    if (!session.data.abilities.edit) {
      return <ClassroomProblem text="This session cannot be changed (by you, or any more)." />;
    }
    return <SessionForm key={sessionId} topicId={topicId} editing={session.data} />;
  }
  return <SessionForm topicId={topicId} editing={null} />;
}

function SessionForm({ topicId, editing }: { topicId: number; editing: TSession | null }) {
  const { user } = useAppSession();
  const navigate = useNavigate();
  const [rows, setRows] = useState<SessionRow[]>(() => [
    editing ? rowOfSession(editing) : emptyRow(),
  ]);
  const [submitted, setSubmitted] = useState(false);
  const [roomFor, setRoomFor] = useState<string | null>(null);
  const rooms = useRooms();
  // The topic's other sessions name the class to go back to (and the topic, for the title).
  const siblings = useSessions({ topic_id: topicId });
  const create = useCreateSessions();
  const update = useUpdateSession();
  const mutation = editing ? update : create;
  const known = editing ?? siblings.data?.[0] ?? null;
  const back = known ? classEditorUrl(known.class) : null;

  const local = clientErrors(rows, submitted);
  const server = serverErrors(mutation.error, rows.length);
  const errorsOf = (i: number): RowErrors => ({ ...server.rows[i], ...local[i] });

  const change = (key: string, patch: Partial<SessionRow>) => {
    if (mutation.isError) mutation.reset();
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };

  const done = (saved: TSession[]) => {
    const first = saved[0];
    if (first) void navigate(classEditorUrl(first.class));
  };

  const submit = () => {
    setSubmitted(true);
    if (hasErrors(clientErrors(rows, true))) return;
    if (editing) {
      const row = rows[0];
      if (!row) return;
      update.mutate(
        { id: editing.id, body: toPayload(row) },
        {
          onSuccess: (saved) => {
            notifySuccess('Session saved.');
            done([saved]);
          },
        },
      );
    } else {
      create.mutate(
        { topic: topicId, sessions: rows.map(toPayload) },
        {
          onSuccess: (saved) => {
            notifySuccess(
              saved.length === 1 ? 'Session added.' : `${saved.length} sessions added.`,
            );
            done(saved);
          },
        },
      );
    }
  };

  // An unknown topic (or another organisation's) says so now, not when the form is sent.
  if (siblings.isError) {
    return <ClassroomProblem error={siblings.error} fallback={CLASSROOM_MESSAGES.topicsFailed} />;
  }
  return (
    <PageContainer maxWidth={1100}>
      {back && (
        <Button
          size="small"
          startIcon={<ArrowBackOutlined />}
          component={RouterLink}
          to={back}
          sx={{ mb: 1 }}
        >
          {known?.class_name ?? 'Class'}
        </Button>
      )}
      <PageHeader
        title={editing ? 'Edit session' : 'Add sessions'}
        subtitle={
          known
            ? `${known.classroom_title} · ${known.class_name} · ${known.topic_title}`
            : 'Several sessions of the topic in one form; none may overlap another.'
        }
      />
      <form
        noValidate
        aria-label={editing ? 'Edit session' : 'Add sessions'}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack spacing={2}>
          {mutation.isError && server.message && (
            <Alert severity="error" role="alert">
              {server.message}
            </Alert>
          )}
          {rows.map((row, i) => (
            <SessionRowFields
              key={row.key}
              index={i}
              row={row}
              errors={errorsOf(i)}
              rooms={rooms.data?.results ?? []}
              canAddRoom={isAdmin(user?.role.id ?? 0)}
              onAddRoom={() => setRoomFor(row.key)}
              onChange={(patch) => change(row.key, patch)}
              onRemove={
                rows.length > 1
                  ? () => {
                      if (mutation.isError) mutation.reset();
                      setRows((all) => all.filter((r) => r.key !== row.key));
                    }
                  : undefined
              }
              excludeSession={editing?.id}
            />
          ))}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between' }}
          >
            {!editing ? (
              <Button
                startIcon={<AddOutlined />}
                disabled={rows.length >= MAX_ROWS}
                onClick={() => setRows((all) => [...all, emptyRow(all[all.length - 1])])}
              >
                Add another session
              </Button>
            ) : (
              <span />
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {back && (
                <Button color="inherit" component={RouterLink} to={back}>
                  Cancel
                </Button>
              )}
              <Button type="submit" variant="contained" loading={mutation.isPending}>
                {editing
                  ? 'Save session'
                  : rows.length === 1
                    ? 'Save session'
                    : `Save ${rows.length} sessions`}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      </form>
      <RoomDialog
        open={roomFor !== null}
        onClose={() => setRoomFor(null)}
        onCreated={(room) => roomFor && change(roomFor, { room: room.id })}
      />
    </PageContainer>
  );
}
