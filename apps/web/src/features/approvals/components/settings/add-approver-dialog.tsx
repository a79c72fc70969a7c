import type { TApprovalModule, TApproverType, TUserRow } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import {
  SETTINGS_MESSAGES,
  useAddApprover,
  useApproverUserOptions,
} from '../../api/approval-settings.api.ts';
import { addableTypes, approverTypeLabel } from './settings-logic.ts';

type Field = 'level' | 'type' | 'user';

function fieldErrorsOf(error: unknown): Partial<Record<Field, string>> {
  if (!(error instanceof ApiError)) return {};
  const pick = (field: Field) => error.fieldErrors[field]?.join(' ');
  return { level: pick('level'), type: pick('type'), user: pick('user') };
}

/**
 * Adds one approver to a level: a named user of the organisation (searched on the server) or one
 * of the kind's relationships. Mounted only while open, so each opening starts blank.
 */
export function AddApproverDialog({
  module,
  levels,
  initialLevel,
  onClose,
}: {
  module: TApprovalModule;
  /** The levels it may go to (only Level 1 while the defaults apply: they are replaced). */
  levels: number[];
  initialLevel: number;
  onClose: () => void;
}) {
  const [level, setLevel] = useState(initialLevel);
  const [type, setType] = useState<TApproverType>('user');
  const [user, setUser] = useState<TUserRow | null>(null);
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const debounced = useDebouncedValue(search);
  const options = useApproverUserOptions(debounced, type === 'user');
  const add = useAddApprover();

  const close = () => {
    if (!add.isPending) onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (type === 'user' && !user) {
      setErrors({ user: 'Choose the user who approves.' });
      return;
    }
    setErrors({});
    add.mutate(
      { module: module.kind, level, type, user: type === 'user' ? (user?.id ?? null) : null },
      { onSuccess: onClose, onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };

  return (
    <FormDialog open onClose={close} title={`Add an approver: ${module.label}`}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {module.default_approvers && (
          <Alert severity="info">
            This replaces the default approvers: from now on only the approvers you add decide.
          </Alert>
        )}
        {add.isError && (
          <Alert severity="error">
            {errorMessage(add.error, SETTINGS_MESSAGES.approverFailed)}
          </Alert>
        )}
        <TextField
          select
          label="Level"
          value={level}
          onChange={(event) => setLevel(Number(event.target.value))}
          error={errors.level !== undefined}
          helperText={errors.level ?? 'Any one approver of a level decides for it.'}
        >
          {levels.map((n) => (
            <MenuItem key={n} value={n}>
              Level {n}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Approver"
          value={type}
          onChange={(event) => {
            setType(event.target.value as TApproverType);
            setErrors({});
          }}
          error={errors.type !== undefined}
          helperText={
            errors.type ??
            (type === 'user'
              ? 'This user decides every request of this kind.'
              : 'Found for each request when it reaches this level.')
          }
        >
          {addableTypes(module).map((t) => (
            <MenuItem key={t} value={t}>
              {approverTypeLabel(t, module.kind)}
            </MenuItem>
          ))}
        </TextField>
        {type === 'user' && (
          <Autocomplete
            options={options.data?.results ?? []}
            loading={options.isFetching}
            value={user}
            onChange={(_event, next) => {
              setUser(next);
              setErrors({});
            }}
            inputValue={search}
            onInputChange={(_event, next, reason) => {
              if (reason !== 'reset') setSearch(next);
            }}
            // The server searches; the picker shows what it answered.
            filterOptions={(x) => x}
            getOptionLabel={(u) => u.fullname || u.username}
            getOptionKey={(u) => u.id}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={
              options.isError
                ? errorMessage(options.error, SETTINGS_MESSAGES.usersFailed)
                : 'No users found'
            }
            renderOption={(props, u) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <li key={key} {...rest}>
                  <Stack sx={{ minWidth: 0 }}>
                    <Typography variant="body2">{u.fullname || u.username}</Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                      {u.role.name} · {u.email}
                      {u.department ? ` · ${u.department.name}` : ''}
                    </Typography>
                  </Stack>
                </li>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="User"
                required
                placeholder="Search by name or e-mail"
                error={errors.user !== undefined}
                helperText={errors.user ?? 'Active users of your organisation.'}
              />
            )}
          />
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close} color="inherit" disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={add.isPending}>
            Add approver
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
