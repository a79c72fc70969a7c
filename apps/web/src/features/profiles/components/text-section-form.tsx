import type { TAddress, TProfileDetails, TSocialMedia } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { fieldProps } from '../../../shared/forms/form-fields.tsx';
import { FormFooter } from '../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { useSaveSection } from '../api/profiles.api.ts';
import { sectionPayload, textValues, ZAddressForm, ZSocialForm } from '../profile-forms.ts';

interface TextInput {
  name: string;
  label: string;
  /** Columns out of 12 from sm up. */
  width: number;
  type?: 'url' | 'text';
  autoComplete?: string;
}

interface SectionFormProps {
  profile: TProfileDetails;
  own: boolean;
  onDone: () => void;
  submitLabel?: string;
  secondary?: ReactNode;
}

// Inputs hold strings; the contract's rules also take null, hence the wider input type.
type TextValues = Record<string, string | null>;
type SavedValues = Record<string, string | null>;

/** A one-of-a-kind section of plain text fields: created the first time, changed after. */
function TextSectionForm({
  section,
  schema,
  inputs,
  stored,
  profile,
  own,
  onDone,
  submitLabel = 'Save',
  secondary,
  label,
}: SectionFormProps & {
  section: 'address' | 'socialMedia';
  schema: z.ZodType<SavedValues, TextValues>;
  inputs: readonly TextInput[];
  stored: TAddress | TSocialMedia | null;
  label: string;
}) {
  const save = useSaveSection(section, profile.id, own);
  const names = inputs.map((input) => input.name);
  const form = useForm<TextValues, unknown, SavedValues>({
    resolver: zodResolver(schema),
    defaultValues: textValues(names, stored as Record<string, string | null> | null),
  });
  const submit = form.handleSubmit((values) => {
    const body = sectionPayload(values, stored);
    if (Object.keys(body).length === 0) {
      // Unchanged: nothing to send, and the form closes (or the guided form moves on) as if saved.
      onDone();
      return;
    }
    save.mutate(
      { id: stored?.id ?? null, body },
      {
        onSuccess: onDone,
        onError: (error) => applyServerErrors(error, form.setError, names),
      },
    );
  });
  const errors = form.formState.errors;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label}>
      {save.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(save.error)}
        </Alert>
      )}
      <Grid container spacing={2}>
        {inputs.map((input) => (
          <Grid key={input.name} size={{ xs: 12, sm: input.width }}>
            <TextField
              label={input.label}
              type={input.type ?? 'text'}
              fullWidth
              autoComplete={input.autoComplete}
              {...fieldProps(form.register(input.name), errors[input.name])}
            />
          </Grid>
        ))}
      </Grid>
      <FormFooter submitLabel={submitLabel} busy={save.isPending} secondary={secondary} />
    </Box>
  );
}

const ADDRESS_INPUTS: TextInput[] = [
  { name: 'address_line', label: 'Street and number', width: 12, autoComplete: 'street-address' },
  { name: 'city', label: 'City', width: 6, autoComplete: 'address-level2' },
  { name: 'state', label: 'State or region', width: 6, autoComplete: 'address-level1' },
  { name: 'postal_code', label: 'Postal code', width: 4, autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', width: 8, autoComplete: 'country-name' },
];

export function AddressForm(props: SectionFormProps) {
  return (
    <TextSectionForm
      {...props}
      section="address"
      schema={ZAddressForm}
      inputs={ADDRESS_INPUTS}
      stored={props.profile.location}
      label="Address"
    />
  );
}

const SOCIAL_INPUTS: TextInput[] = [
  { name: 'linkedin', label: 'LinkedIn', width: 6, type: 'url' },
  { name: 'twitter', label: 'X (Twitter)', width: 6, type: 'url' },
  { name: 'facebook', label: 'Facebook', width: 6, type: 'url' },
  { name: 'github', label: 'GitHub', width: 6, type: 'url' },
  { name: 'website', label: 'Website', width: 12, type: 'url', autoComplete: 'url' },
];

/** Links as full http(s) URLs (spec §5 URL format). */
export function SocialForm(props: SectionFormProps) {
  return (
    <TextSectionForm
      {...props}
      section="socialMedia"
      schema={ZSocialForm}
      inputs={SOCIAL_INPUTS}
      stored={props.profile.social_media}
      label="Social links"
    />
  );
}
