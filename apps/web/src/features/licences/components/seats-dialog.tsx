import { type TLicence, ZLicenceUpdate } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fieldProps } from '../../../shared/forms/form-fields.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { useSetSeats } from '../api/licences.api.ts';

const ZSeatsForm = z.object({
  seats: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || /^\d+$/.test(value),
      'Enter a whole number, or leave it empty.',
    )
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(ZLicenceUpdate.shape.seats),
});

/** A superadmin sets an organisation's seats; fewer than in use only stops new additions. */
export function SeatsDialog({ licence, onClose }: { licence: TLicence; onClose: () => void }) {
  const titleId = useId();
  const setSeats = useSetSeats();
  const form = useForm({
    resolver: zodResolver(ZSeatsForm),
    defaultValues: { seats: licence.seats === null ? '' : String(licence.seats) },
  });
  const submit = form.handleSubmit(({ seats }) =>
    setSeats.mutate(
      { organization: licence.organization.id, seats },
      {
        onSuccess: onClose,
        onError: (error) => applyServerErrors(error, form.setError, ['seats']),
      },
    ),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>Seats of {licence.organization.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {licence.used} active members use seats now. Leave the field empty for no limit.
        </DialogContentText>
        <TextField
          label="Licence seats"
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...fieldProps(form.register('seats'), form.formState.errors.seats)}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={setSeats.isPending}>
          Save seats
        </Button>
      </DialogActions>
    </Dialog>
  );
}
