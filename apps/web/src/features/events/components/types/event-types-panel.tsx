import type { TEventType } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { useEventTypes, useRemoveEventType } from '../../api/event-types.api.ts';
import { EVENT_MESSAGES } from '../../labels.ts';
import { EventTypeDialog } from './event-type-dialog.tsx';

/** The organisation's event types for its admins: add, rename, recolour, delete. */
export function EventTypesPanel() {
  const types = useEventTypes();
  const remove = useRemoveEventType();
  const [editing, setEditing] = useState<TEventType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TEventType | null>(null);

  let body: React.ReactNode;
  if (types.isError && !types.data) {
    body = <Alert severity="error">{errorMessage(types.error, EVENT_MESSAGES.typesFailed)}</Alert>;
  } else if (!types.data) {
    body = (
      <Stack role="status" aria-busy aria-label="Loading event types">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={48} />
        ))}
      </Stack>
    );
  } else if (types.data.length === 0) {
    body = (
      <EmptyState icon={<CategoryOutlined fontSize="large" />}>
        No event types yet. Add webinars, workshops or whatever your events are.
      </EmptyState>
    );
  } else {
    body = (
      <List aria-label="Event types" disablePadding>
        {types.data.map((t) => (
          <ListItem
            key={t.id}
            divider
            secondaryAction={
              <Stack direction="row">
                <Tooltip title="Edit">
                  <IconButton aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)}>
                    <EditOutlined />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Delete">
                  <IconButton aria-label={`Delete ${t.name}`} onClick={() => setDeleting(t)}>
                    <DeleteOutlined />
                  </IconButton>
                </Tooltip>
              </Stack>
            }
            sx={{ pr: 13 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Box
                aria-hidden
                sx={{
                  width: 24,
                  height: 24,
                  borderRadius: 1,
                  bgcolor: t.colour,
                  border: 1,
                  borderColor: 'divider',
                }}
              />
            </ListItemIcon>
            <ListItemText primary={t.name} secondary={t.colour} sx={{ overflowWrap: 'anywhere' }} />
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <SectionCard
      title="Event types"
      subtitle="Each event can have a type; its colour marks the event in lists and the calendar."
      busy={types.isLoading}
      action={
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
          Add type
        </Button>
      }
    >
      {body}
      {editing !== null && (
        <EventTypeDialog
          type={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this event type?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
      >
        “{deleting?.name}” will be deleted. Its events keep going, without a type.
      </ConfirmDialog>
    </SectionCard>
  );
}
