import type { TDiscussionType } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useDiscussionTypes, useRemoveType } from '../../api/types.api.ts';
import { DISCUSSION_MESSAGES, KIND_LABEL, plural } from '../../labels.ts';
import { TypeForm } from './type-form.tsx';

/**
 * The organisation's discussion types for its admins: add, rename, change the kind, delete. A
 * type in use, or the last one, cannot be deleted: the server's reason (409) is shown here.
 */
export function DiscussionTypesDialog({ onClose }: { onClose: () => void }) {
  const types = useDiscussionTypes();
  const remove = useRemoveType();
  const [editing, setEditing] = useState<TDiscussionType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TDiscussionType | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  let body: React.ReactNode;
  if (editing !== null) {
    body = <TypeForm type={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  } else if (types.isError && !types.data) {
    body = (
      <Alert severity="error">{errorMessage(types.error, DISCUSSION_MESSAGES.typesFailed)}</Alert>
    );
  } else if (!types.data) {
    body = (
      <Stack role="status" aria-busy aria-label="Loading discussion types">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={48} />
        ))}
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2}>
        {refusal && (
          <Alert severity="error" role="alert" onClose={() => setRefusal(null)}>
            {refusal}
          </Alert>
        )}
        <List aria-label="Discussion types" disablePadding>
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
                    <IconButton
                      aria-label={`Delete ${t.name}`}
                      onClick={() => {
                        setRefusal(null);
                        setDeleting(t);
                      }}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Tooltip>
                </Stack>
              }
              sx={{ pr: 13 }}
            >
              <ListItemText
                primary={t.name}
                secondary={`${KIND_LABEL[t.kind]} · ${plural(t.topic_count, 'topic')}`}
                sx={{ overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
            Add type
          </Button>
          <Button color="inherit" onClick={onClose}>
            Close
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <FormDialog open title="Discussion types" onClose={onClose} maxWidth="sm">
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this type?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => {
              setDeleting(null);
              setRefusal(errorMessage(error, DISCUSSION_MESSAGES.deleteFailed));
            },
          })
        }
      >
        “{deleting?.name}” will be deleted. A type that topics use cannot be: rename it instead.
      </ConfirmDialog>
    </FormDialog>
  );
}
