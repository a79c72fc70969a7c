import type { TClassroom } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useCreateClassroom, useUpdateClassroom } from '../api/classrooms.api.ts';
import { classroomClassesUrl } from '../labels.ts';

/**
 * Creates a draft classroom (then opens its classes) or edits one's title and description.
 * The server's field errors land under the fields, its message above them.
 */
export function ClassroomDialog({
  open,
  classroom,
  onClose,
}: {
  open: boolean;
  /** Edit this one; create when absent. */
  classroom?: TClassroom | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={classroom ? 'Edit classroom' : 'New classroom'}
    >
      {open && <ClassroomForm classroom={classroom ?? null} onClose={onClose} />}
    </FormDialog>
  );
}

function ClassroomForm({
  classroom,
  onClose,
}: {
  classroom: TClassroom | null;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(classroom?.title ?? '');
  const [description, setDescription] = useState(classroom?.description ?? '');
  const create = useCreateClassroom();
  const update = useUpdateClassroom();
  const navigate = useNavigate();
  const mutation = classroom ? update : create;
  const error = mutation.error;
  const fieldError = (name: string) =>
    error instanceof ApiError ? error.fieldErrors[name]?.join(' ') : undefined;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (classroom) {
          update.mutate({ id: classroom.id, body: { title, description } }, { onSuccess: onClose });
        } else {
          create.mutate(
            { title, description },
            {
              onSuccess: (made) => {
                onClose();
                void navigate(classroomClassesUrl(made.id));
              },
            },
          );
        }
      }}
    >
      <Stack spacing={2}>
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        <TextField
          label="Title"
          required
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(fieldError('title'))}
          helperText={fieldError('title')}
          autoFocus
        />
        <TextField
          label="Description"
          multiline
          minRows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={Boolean(fieldError('description'))}
          helperText={fieldError('description')}
        />
        <FormFooter
          submitLabel={classroom ? 'Save' : 'Create'}
          busy={mutation.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </form>
  );
}
