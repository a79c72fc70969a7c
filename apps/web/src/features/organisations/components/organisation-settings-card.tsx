import type { TOrganisation } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { useUpdateOrganisation } from '../api/organisations.api.ts';
import {
  changedOrganisationFields,
  ORGANISATION_FIELDS,
  type OrganisationField,
  type OrganisationFormValues,
  type OrganisationPayload,
  organisationFormValues,
  SUPERADMIN_ONLY_FIELDS,
  ZOrganisationForm,
} from '../organisation-form.ts';
import { OrganisationFields } from './organisation-fields.tsx';

/**
 * The settings the caller may change: everything for a superadmin; for an admin all but the
 * domain, seats, public address and identity provider (shown disabled with the reason).
 */
export function OrganisationSettingsCard({
  organisation,
  superadmin,
}: {
  organisation: TOrganisation;
  superadmin: boolean;
}) {
  const form = useForm<OrganisationFormValues, unknown, OrganisationPayload>({
    resolver: zodResolver(ZOrganisationForm),
    defaultValues: organisationFormValues(organisation),
  });
  const update = useUpdateOrganisation(organisation.id);
  const { reset } = form;
  // After a save the stored values are the new starting point (and "dirty" clears). Compared by
  // value: a background refetch returning the same organisation must not wipe edits in progress.
  const storedKey = JSON.stringify(organisation);
  // biome-ignore lint/correctness/useExhaustiveDependencies: storedKey stands for organisation
  useEffect(() => reset(organisationFormValues(organisation)), [storedKey, reset]);

  const allowed = (field: OrganisationField) =>
    superadmin || !SUPERADMIN_ONLY_FIELDS.includes(field);
  const lockedReason = (field: OrganisationField) =>
    allowed(field) ? null : 'Only a superadmin can change this.';

  const submit = form.handleSubmit((payload) => {
    const changes = changedOrganisationFields(payload, organisation, allowed);
    if (Object.keys(changes).length === 0) {
      notifySuccess('Nothing to save: no setting was changed.');
      return;
    }
    update.mutate(changes, {
      onError: (error) => applyServerErrors(error, form.setError, ORGANISATION_FIELDS),
    });
  });

  return (
    <SectionCard title="Settings" subtitle="Identity, access, links and single sign-on.">
      <Box component="form" noValidate onSubmit={submit}>
        {update.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(update.error)}
          </Alert>
        )}
        <OrganisationFields form={form} lockedReason={lockedReason} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button
            color="inherit"
            disabled={!form.formState.isDirty || update.isPending}
            onClick={() => reset(organisationFormValues(organisation))}
          >
            Undo changes
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            Save settings
          </Button>
        </Stack>
      </Box>
    </SectionCard>
  );
}
