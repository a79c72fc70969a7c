import type { TRoom } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useCreateRoom } from '../../api/classrooms.api.ts';

/** An admin adds a room to the organisation without leaving the session form. */
export function RoomDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (room: TRoom) => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title="New room" maxWidth="xs">
      {open && <RoomForm onClose={onClose} onCreated={onCreated} />}
    </FormDialog>
  );
}

function RoomForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (room: TRoom) => void;
}) {
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const [capacity, setCapacity] = useState('20');
  const create = useCreateRoom();
  const fieldError = (field: string) =>
    create.error instanceof ApiError ? create.error.fieldErrors[field]?.join(' ') : undefined;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The dialog may sit inside the session form: keep this submit to itself.
        event.preventDefault();
        event.stopPropagation();
        create.mutate(
          { name, location, capacity: Number(capacity) },
          {
            onSuccess: (room) => {
              onCreated(room);
              onClose();
            },
          },
        );
      }}
    >
      <Stack spacing={2}>
        {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
        <TextField
          label="Room name"
          required
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(fieldError('name'))}
          helperText={fieldError('name')}
        />
        <TextField
          label="Location"
          value={location}
          onChange={(event) => setLocation(event.target.value)}
          error={Boolean(fieldError('location'))}
          helperText={fieldError('location') ?? 'Building, floor: how people find it.'}
        />
        <TextField
          label="Seats"
          type="number"
          required
          value={capacity}
          onChange={(event) => setCapacity(event.target.value)}
          slotProps={{ htmlInput: { min: 1 } }}
          error={Boolean(fieldError('capacity'))}
          helperText={fieldError('capacity')}
        />
        <FormFooter
          submitLabel="Add room"
          busy={create.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </form>
  );
}
