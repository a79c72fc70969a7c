import { ADDITIONAL_LIST_MAX, type TProfileDetails, ZAdditionalInfoCreate } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { fieldProps } from '../../../shared/forms/form-fields.tsx';
import { FormFooter } from '../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { useLanguages, useSaveSection, useSkills } from '../api/profiles.api.ts';

const field = ZAdditionalInfoCreate.shape;
const ZAdditionalForm = z.object({
  languages: field.languages.unwrap(),
  skills: field.skills.unwrap(),
  interests: field.interests.unwrap(),
});
type AdditionalFormValues = z.input<typeof ZAdditionalForm>;
type AdditionalValues = z.output<typeof ZAdditionalForm>;
const FIELDS = ['languages', 'skills', 'interests'] as const;

function storedValues(profile: TProfileDetails): AdditionalFormValues {
  const info = profile.additional_info;
  return {
    languages: info?.languages.map((language) => language.id) ?? [],
    skills: info?.skills ?? [],
    interests: info?.interests ?? '',
  };
}

/** Languages from the list, skills from suggestions or free text, and interests. */
export function AdditionalInfoForm({
  profile,
  own,
  onDone,
  submitLabel = 'Save',
  secondary,
}: {
  profile: TProfileDetails;
  own: boolean;
  onDone: () => void;
  submitLabel?: string;
  secondary?: ReactNode;
}) {
  const languages = useLanguages();
  const [skillInput, setSkillInput] = useState('');
  const skills = useSkills(useDebouncedValue(skillInput.trim()));
  const save = useSaveSection('additionalInfo', profile.id, own);
  const form = useForm<AdditionalFormValues, unknown, AdditionalValues>({
    resolver: zodResolver(ZAdditionalForm),
    defaultValues: storedValues(profile),
  });
  const { control, register, formState } = form;
  const stored = profile.additional_info;
  const languageName = new Map(languages.data?.results.map((item) => [item.id, item.name]));

  const submit = form.handleSubmit((values) => {
    const before = storedValues(profile);
    const body: Record<string, unknown> = {};
    if (JSON.stringify(values.languages) !== JSON.stringify(before.languages))
      body.languages = values.languages;
    if (JSON.stringify(values.skills) !== JSON.stringify(before.skills))
      body.skills = values.skills;
    if (values.interests !== (stored?.interests ?? null)) body.interests = values.interests;
    if (Object.keys(body).length === 0) {
      // Unchanged: nothing to send, and the form closes (or the guided form moves on) as if saved.
      onDone();
      return;
    }
    save.mutate(
      { id: stored?.id ?? null, body },
      { onSuccess: onDone, onError: (error) => applyServerErrors(error, form.setError, FIELDS) },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Additional info">
      <Stack spacing={2}>
        {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        <Controller
          control={control}
          name="languages"
          render={({ field: input, fieldState }) => (
            <Autocomplete
              multiple
              options={languages.data?.results.map((item) => item.id) ?? []}
              getOptionLabel={(code) => languageName.get(code) ?? code}
              value={input.value}
              onChange={(_event, value) => input.onChange(value)}
              loading={languages.isPending}
              filterSelectedOptions
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Languages"
                  onBlur={input.onBlur}
                  inputRef={input.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? `Up to ${ADDITIONAL_LIST_MAX}.`}
                />
              )}
            />
          )}
        />
        <Controller
          control={control}
          name="skills"
          render={({ field: input, fieldState }) => (
            <Autocomplete
              multiple
              freeSolo
              options={skills.data?.results.map((item) => item.name) ?? []}
              value={input.value}
              onChange={(_event, value) =>
                input.onChange([...new Set(value.map((skill) => skill.trim()).filter(Boolean))])
              }
              inputValue={skillInput}
              onInputChange={(_event, value) => setSkillInput(value)}
              loading={skills.isFetching}
              filterSelectedOptions
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Skills"
                  onBlur={input.onBlur}
                  inputRef={input.ref}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message ??
                    'Pick a suggestion or type your own and press Enter.'
                  }
                />
              )}
            />
          )}
        />
        <TextField
          label="Interests"
          multiline
          minRows={2}
          fullWidth
          {...fieldProps(register('interests'), formState.errors.interests)}
        />
        <FormFooter submitLabel={submitLabel} busy={save.isPending} secondary={secondary} />
      </Stack>
    </Box>
  );
}
