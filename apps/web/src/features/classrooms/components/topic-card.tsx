import type { TSession, TTopic } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutlineOutlined from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { useCancelSession, useDeleteTopic, useUpdateTopic } from '../api/classrooms.api.ts';
import { addSessionUrl, attendeesUrl } from '../labels.ts';
import { formatSessionWhen } from '../time.ts';
import { SessionStatusChip } from './status-chips.tsx';

/**
 * One topic of the class editor: its title (renamed in place), its sessions with their edit and
 * cancel actions, and the way to add sessions. `extra` holds the topic's requisites.
 */
export function TopicCard({
  topic,
  sessions,
  canEdit,
  extra,
  sessionExtra,
}: {
  topic: TTopic;
  sessions: TSession[];
  canEdit: boolean;
  extra?: ReactNode;
  sessionExtra?: (session: TSession) => ReactNode;
}) {
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(topic.title);
  const [deleting, setDeleting] = useState(false);
  const [cancelling, setCancelling] = useState<TSession | null>(null);
  const update = useUpdateTopic();
  const remove = useDeleteTopic();
  const cancel = useCancelSession();

  return (
    <Card component="section" aria-label={`Topic ${topic.title}`}>
      <CardContent>
        {renaming ? (
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mb: 1.5 }}
            onSubmit={(event) => {
              event.preventDefault();
              update.mutate(
                { id: topic.id, body: { title } },
                { onSuccess: () => setRenaming(false) },
              );
            }}
          >
            <TextField
              size="small"
              label="Topic title"
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              autoFocus
              sx={{ flex: 1 }}
              error={update.isError}
              helperText={update.isError ? errorMessage(update.error) : undefined}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" loading={update.isPending}>
                Save
              </Button>
              <Button
                color="inherit"
                onClick={() => {
                  setTitle(topic.title);
                  update.reset();
                  setRenaming(false);
                }}
              >
                Cancel
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, flex: 1 }}>
              {topic.title}
            </Typography>
            {canEdit && (
              <>
                <Tooltip title="Rename">
                  <IconButton
                    size="small"
                    aria-label={`Rename ${topic.title}`}
                    onClick={() => setRenaming(true)}
                  >
                    <DriveFileRenameOutlineOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Delete">
                  <IconButton
                    size="small"
                    aria-label={`Delete ${topic.title}`}
                    onClick={() => {
                      remove.reset();
                      setDeleting(true);
                    }}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </>
            )}
          </Stack>
        )}
        {sessions.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
            No sessions in this topic yet.
          </Typography>
        ) : (
          <List disablePadding aria-label={`Sessions of ${topic.title}`}>
            {sessions.map((s) => (
              <ListItem
                key={s.id}
                divider
                disableGutters
                sx={{ flexDirection: 'column', alignItems: 'stretch', py: 1 }}
              >
                <Stack
                  direction={{ xs: 'column', md: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { md: 'center' } }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {s.title}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {formatSessionWhen(s)} ·{' '}
                      {s.trainers.map((t) => t.fullname).join(', ') || 'No trainer'} ·{' '}
                      {s.online ? 'Online' : (s.room?.name ?? 'No room')} · {s.booked_count}/
                      {s.capacity} booked
                      {s.waitlisted_count > 0 && `, ${s.waitlisted_count} waiting`}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <SessionStatusChip status={s.status} />
                    {s.abilities.attendance && (
                      <Tooltip title="Attendees">
                        <IconButton
                          size="small"
                          component={RouterLink}
                          to={attendeesUrl(s.id)}
                          aria-label={`Attendees of ${s.title}`}
                        >
                          <HowToRegOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {s.abilities.edit && (
                      <Tooltip title="Edit">
                        <IconButton
                          size="small"
                          component={RouterLink}
                          to={addSessionUrl(topic.id, s.id)}
                          aria-label={`Edit ${s.title}`}
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {s.abilities.cancel && (
                      <Tooltip title="Cancel session">
                        <IconButton
                          size="small"
                          aria-label={`Cancel ${s.title}`}
                          onClick={() => {
                            cancel.reset();
                            setCancelling(s);
                          }}
                        >
                          <EventBusyOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Stack>
                </Stack>
                {sessionExtra?.(s)}
              </ListItem>
            ))}
          </List>
        )}
        {canEdit && (
          <Button
            startIcon={<AddOutlined />}
            component={RouterLink}
            to={addSessionUrl(topic.id)}
            sx={{ mt: 1 }}
            aria-label={`Add sessions to ${topic.title}`}
          >
            Add sessions
          </Button>
        )}
        {extra}
      </CardContent>
      <ConfirmDialog
        open={deleting}
        title="Delete topic?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() => remove.mutate(topic.id, { onSuccess: () => setDeleting(false) })}
      >
        {remove.isError ? (
          <Box component="span" role="alert" sx={{ color: 'error.main' }}>
            {errorMessage(remove.error)}
          </Box>
        ) : (
          `“${topic.title}” and its sessions are deleted. A topic with booked learners cannot be deleted.`
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel session?"
        confirmLabel="Cancel session"
        destructive
        busy={cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={() =>
          cancelling && cancel.mutate(cancelling.id, { onSuccess: () => setCancelling(null) })
        }
      >
        {cancel.isError ? (
          <Box component="span" role="alert" sx={{ color: 'error.main' }}>
            {errorMessage(cancel.error)}
          </Box>
        ) : (
          `“${cancelling?.title ?? ''}” is cancelled; its booked and waiting learners are told, with a cancelled calendar invitation.`
        )}
      </ConfirmDialog>
    </Card>
  );
}
