import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { notifySuccess } from '../../../../shared/notify/notify.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useBook } from '../../api/bookings.api.ts';
import { useLearnerOptions } from '../../api/classrooms.api.ts';

interface Person {
  id: number;
  fullname: string;
  email: string;
}

/** A manager books a named learner of the organisation onto the session. */
export function AddLearnerDialog({
  open,
  sessionId,
  onClose,
}: {
  open: boolean;
  sessionId: number;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title="Add a learner">
      {open && <AddLearnerForm sessionId={sessionId} onClose={onClose} />}
    </FormDialog>
  );
}

function AddLearnerForm({ sessionId, onClose }: { sessionId: number; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [person, setPerson] = useState<Person | null>(null);
  const [tried, setTried] = useState(false);
  const debounced = useDebouncedValue(search);
  const options = useLearnerOptions(debounced);
  const book = useBook();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!person) return;
        book.mutate(
          { session: sessionId, user: person.id },
          {
            onSuccess: (made) => {
              notifySuccess(
                made.status === 'waitlisted'
                  ? `${person.fullname} is number ${made.waitlist_position ?? '?'} on the waitlist.`
                  : `${person.fullname} is booked.`,
              );
              onClose();
            },
          },
        );
      }}
    >
      <Stack spacing={2}>
        {book.isError && <Alert severity="error">{errorMessage(book.error)}</Alert>}
        <Autocomplete
          options={options.data?.results ?? []}
          value={person}
          onChange={(_event, value) => setPerson(value)}
          onInputChange={(_event, value, reason) => {
            if (reason === 'input' || reason === 'clear') setSearch(value);
          }}
          filterOptions={(list) => list}
          loading={options.isFetching}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          getOptionLabel={(option) => `${option.fullname} (${option.email})`}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Learner"
              autoFocus
              error={tried && !person}
              helperText={tried && !person ? 'Choose a learner.' : 'Search by name or e-mail.'}
            />
          )}
        />
        <FormFooter
          submitLabel="Book"
          busy={book.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </form>
  );
}
