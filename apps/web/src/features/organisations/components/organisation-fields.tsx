import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { controlledProps, fieldProps } from '../../../shared/forms/form-fields.tsx';
import type {
  OrganisationField,
  OrganisationFormValues,
  OrganisationPayload,
} from '../organisation-form.ts';

export type OrganisationForm = UseFormReturn<OrganisationFormValues, unknown, OrganisationPayload>;

interface OrganisationFieldsProps {
  form: OrganisationForm;
  /** Why a field cannot be changed by this caller, or null when it can. */
  lockedReason?: (field: OrganisationField) => string | null;
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Grid size={12}>
        <Typography variant="h3" sx={{ fontSize: '0.95rem', mt: 1 }}>
          {title}
        </Typography>
      </Grid>
      {children}
    </>
  );
}

/** The organisation's settings, grouped; shared by the create dialog and the settings card. */
export function OrganisationFields({ form, lockedReason = () => null }: OrganisationFieldsProps) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const text = (name: OrganisationField, label: string, extra: { help?: string } = {}) => {
    const locked = lockedReason(name);
    const props = fieldProps(register(name), errors[name]);
    return (
      <TextField
        label={label}
        fullWidth
        {...props}
        disabled={locked !== null}
        helperText={props.helperText ?? locked ?? extra.help ?? ' '}
      />
    );
  };

  return (
    <Grid container spacing={2}>
      <Group title="Identity">
        <Grid size={{ xs: 12, sm: 8 }}>{text('title', 'Title')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {text('acronym', 'Acronym', { help: 'Letters, digits and spaces.' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('domain_url', 'Domain', { help: 'Host name such as learn.example.com.' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('public_base_url', 'Public address', { help: 'Used in links of e-mails.' })}
        </Grid>
      </Group>
      <Group title="Access">
        <Grid size={{ xs: 12, sm: 4 }}>
          {text('licence_seats', 'Licence seats', { help: 'Empty for no limit.' })}
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <Controller
            control={control}
            name="idle_mode"
            render={({ field }) => (
              <TextField
                select
                label="When idle"
                fullWidth
                {...controlledProps(field)}
                helperText=" "
              >
                <MenuItem value="prompt">Ask first</MenuItem>
                <MenuItem value="logout">Sign out</MenuItem>
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          {text('idle_minutes', 'Idle minutes', { help: '1 to 480.' })}
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="allow_signup"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label="Anyone may sign up (an admin still approves them)"
              />
            )}
          />
        </Grid>
      </Group>
      <Group title="Links">
        <Grid size={{ xs: 12, sm: 6 }}>{text('help_desk_url', 'Help-desk URL')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('meeting_url', 'Meeting URL')}</Grid>
      </Group>
      <Group title="Single sign-on">
        <Grid size={12}>
          {text('sso_issuer_base_url', 'Identity provider URL', {
            help: 'Leave empty to turn single sign-on off.',
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('sso_realm', 'Realm')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('sso_client_id', 'Client id')}</Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="sso_auto_provision"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label="Create a learner account on the first single sign-on"
              />
            )}
          />
        </Grid>
      </Group>
    </Grid>
  );
}
