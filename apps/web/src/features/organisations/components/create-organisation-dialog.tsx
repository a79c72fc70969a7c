import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { useCreateOrganisation } from '../api/organisations.api.ts';
import {
  ORGANISATION_FIELDS,
  type OrganisationFormValues,
  type OrganisationPayload,
  organisationFormValues,
  ZOrganisationForm,
} from '../organisation-form.ts';
import { OrganisationFields } from './organisation-fields.tsx';

/** Superadmin: a new organisation; on success its page opens to add departments. */
export function CreateOrganisationDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const navigate = useNavigate();
  const form = useForm<OrganisationFormValues, unknown, OrganisationPayload>({
    resolver: zodResolver(ZOrganisationForm),
    defaultValues: organisationFormValues(),
  });
  const create = useCreateOrganisation();

  const close = () => {
    if (create.isPending) return;
    form.reset(organisationFormValues());
    create.reset();
    onClose();
  };

  const submit = form.handleSubmit((payload) =>
    create.mutate(payload, {
      onSuccess: (organisation) => {
        close();
        navigate(`/organization/profile/${organisation.id}`);
      },
      onError: (error) => applyServerErrors(error, form.setError, ORGANISATION_FIELDS),
    }),
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>New organisation</DialogTitle>
      <DialogContent dividers>
        {create.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(create.error)}
          </Alert>
        )}
        <OrganisationFields form={form} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close} color="inherit" disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          Create organisation
        </Button>
      </DialogActions>
    </Dialog>
  );
}
