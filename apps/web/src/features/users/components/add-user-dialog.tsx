import { PROFILE_IMAGE_EXTENSIONS, PROFILE_IMAGE_MAX_BYTES } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { initials } from '../../../shared/format/initials.ts';
import { controlledProps, fieldProps, PasswordField } from '../../../shared/forms/form-fields.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { PhotoPicker } from '../../../shared/ui/photo-picker.tsx';
import { UploadProgressBar } from '../../../shared/ui/upload-progress.tsx';
import { type Placement, PlacementFields } from '../../organisations/index.ts';
import {
  ADD_USER_FIELDS,
  type AddUserFormValues,
  type AddUserValues,
  emptyAddUser,
  toAddUserFormData,
  ZAddUserForm,
} from '../add-user-form.ts';
import { useAddUser } from '../api/users.api.ts';
import { roleLabel } from '../user-list-query.ts';

const PHOTO_RULE = { allowed: PROFILE_IMAGE_EXTENSIONS, maxBytes: PROFILE_IMAGE_MAX_BYTES };

interface AddUserDialogProps {
  open: boolean;
  onClose: () => void;
  organisationId: number;
  roles: number[];
  defaultRole: number;
}

/** A new member of the organisation, optionally with a photo and a place in its structure. */
export function AddUserDialog({
  open,
  onClose,
  organisationId,
  roles,
  defaultRole,
}: AddUserDialogProps) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const form = useForm<AddUserFormValues, unknown, AddUserValues>({
    resolver: zodResolver(ZAddUserForm),
    defaultValues: emptyAddUser(defaultRole),
  });
  const { register, control, setValue, formState } = form;
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const add = useAddUser();
  const [department, designation, location, firstName, lastName] = useWatch({
    control,
    name: ['department', 'designation', 'location', 'first_name', 'last_name'],
  });
  const placement: Placement = { department, designation, location };
  const setPlacement = useCallback(
    (next: Placement) => {
      for (const key of ['department', 'designation', 'location'] as const) {
        setValue(key, next[key], { shouldDirty: true });
      }
    },
    [setValue],
  );

  const close = () => {
    if (add.isPending) return;
    form.reset(emptyAddUser(defaultRole));
    setPhoto(null);
    setPhotoError(undefined);
    add.reset();
    onClose();
  };

  const submit = form.handleSubmit((values) => {
    setProgress(null);
    add.mutate(
      { form: toAddUserFormData(values, photo), onProgress: setProgress },
      {
        onSuccess: (user) => {
          notifySuccess(
            values.password
              ? `${user.fullname || user.username} was added.`
              : `${user.fullname || user.username} was added and e-mailed a link to set a password.`,
          );
          close();
        },
        onError: (error) => {
          applyServerErrors(error, form.setError, ADD_USER_FIELDS);
          // The photo has no form field of its own: its problem shows under the picker.
          setPhotoError(error instanceof ApiError ? error.fieldErrors.photo?.join(' ') : undefined);
        },
      },
    );
  });

  const errors = formState.errors;
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>Add a user</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {add.isError && <Alert severity="error">{errorMessage(add.error)}</Alert>}
          <PhotoPicker
            rule={PHOTO_RULE}
            value={photo}
            onChange={setPhoto}
            fallback={initials(`${firstName} ${lastName}`)}
            error={photoError}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="First name"
              fullWidth
              autoFocus
              {...fieldProps(register('first_name'), errors.first_name)}
            />
            <TextField
              label="Last name"
              fullWidth
              {...fieldProps(register('last_name'), errors.last_name)}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="User name"
              required
              fullWidth
              autoComplete="off"
              {...fieldProps(register('username'), errors.username)}
            />
            <TextField
              label="E-mail address"
              type="email"
              required
              fullWidth
              autoComplete="off"
              {...fieldProps(register('email'), errors.email)}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              control={control}
              name="role"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Role"
                  required
                  fullWidth
                  {...controlledProps(field)}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? ' '}
                >
                  {roles.map((role) => (
                    <MenuItem key={role} value={role}>
                      {roleLabel(role)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <PasswordField
              label="Password"
              fullWidth
              autoComplete="new-password"
              {...fieldProps(register('password'), errors.password)}
              helperText={errors.password?.message ?? 'Leave empty to e-mail a link to set one.'}
            />
          </Stack>
          <PlacementFields
            organisationId={organisationId}
            value={placement}
            onChange={setPlacement}
            errors={{
              department: errors.department?.message,
              designation: errors.designation?.message,
              location: errors.location?.message,
            }}
          />
          {add.isPending && photo && (
            <UploadProgressBar progress={progress} label="Uploading the photo" />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close} color="inherit" disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={add.isPending}>
          Add user
        </Button>
      </DialogActions>
    </Dialog>
  );
}
