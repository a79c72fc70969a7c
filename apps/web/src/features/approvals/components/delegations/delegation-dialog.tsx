import { type TUserRow, ZDelegationCreate } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { APPROVAL_MESSAGES, useCreateDelegation } from '../../api/requests.api.ts';
import { StaffPicker } from './staff-picker.tsx';

/** `<input type="datetime-local">`'s value for a moment, in the viewer's time zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The local input's moment as ISO 8601 (UTC), or '' when it is empty or not a date. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

type Field = 'user' | 'delegate' | 'starts_at' | 'ends_at';

/**
 * Lets a colleague decide the caller's requests from one moment to another. Admins may set it
 * for another approver of the organisation (the server checks who may be named).
 */
export function DelegationDialog({
  open,
  onClose,
  selfId,
  admin,
}: {
  open: boolean;
  onClose: () => void;
  selfId: number;
  admin: boolean;
}) {
  const create = useCreateDelegation();
  const [approver, setApprover] = useState<TUserRow | null>(null);
  const [delegate, setDelegate] = useState<TUserRow | null>(null);
  const [starts, setStarts] = useState(() => toLocalInput(new Date()));
  const [ends, setEnds] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const reset = () => {
    setApprover(null);
    setDelegate(null);
    setStarts(toLocalInput(new Date()));
    setEnds('');
    setErrors({});
    create.reset();
  };
  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...(approver && approver.id !== selfId ? { user: approver.id } : {}),
      delegate: delegate?.id ?? 0,
      starts_at: fromLocalInput(starts),
      ends_at: fromLocalInput(ends),
    };
    const parsed = ZDelegationCreate.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??=
          field === 'delegate'
            ? 'Choose who decides for you.'
            : field === 'starts_at'
              ? 'Enter when it starts.'
              : field === 'ends_at' && !input.ends_at
                ? 'Enter when it ends.'
                : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        reset();
        onClose();
      },
    });
  };

  const server = create.error instanceof ApiError ? create.error.fieldErrors : {};
  const fieldError = (field: Field) => errors[field] ?? server[field]?.join(' ');
  const excluded = [approver?.id ?? selfId];

  return (
    <FormDialog open={open} onClose={close} title="Add a delegation">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {admin && (
          <StaffPicker
            label="Approver (leave empty for yourself)"
            value={approver}
            onChange={setApprover}
            enabled={open}
            error={Boolean(fieldError('user'))}
            helperText={fieldError('user') ?? 'Admins may set a delegation for another approver.'}
          />
        )}
        <StaffPicker
          label="Delegate"
          value={delegate}
          onChange={setDelegate}
          exclude={excluded}
          enabled={open}
          error={Boolean(fieldError('delegate'))}
          helperText={
            fieldError('delegate') ?? 'They decide the requests waiting on the approver meanwhile.'
          }
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="datetime-local"
            label="Starts"
            required
            fullWidth
            value={starts}
            onChange={(event) => setStarts(event.target.value)}
            error={Boolean(fieldError('starts_at'))}
            helperText={fieldError('starts_at')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="datetime-local"
            label="Ends"
            required
            fullWidth
            value={ends}
            onChange={(event) => setEnds(event.target.value)}
            error={Boolean(fieldError('ends_at'))}
            helperText={fieldError('ends_at')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: starts || undefined } }}
          />
        </Stack>
        {create.isError && (
          <Alert severity="error">
            {errorMessage(create.error, APPROVAL_MESSAGES.delegateFailed)}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Save delegation
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
