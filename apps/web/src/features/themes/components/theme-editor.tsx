import { THEME_IMAGE_KINDS, type TOrganisationContent } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { fieldProps } from '../../../shared/forms/form-fields.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { resolveOrgTheme } from '../../../shared/theme/build-theme.ts';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { useSaveTheme } from '../api/themes.api.ts';
import {
  COLOUR_FIELDS,
  changedThemeFields,
  previewColours,
  THEME_FIELDS,
  type ThemeFormValues,
  type ThemePayload,
  themeFormValues,
  ZThemeForm,
} from '../theme-form.ts';
import { ColourField } from './colour-field.tsx';
import { ThemeImageField } from './theme-image-field.tsx';
import { ThemePreview } from './theme-preview.tsx';

/** Colours, texts and images of one organisation's theme, with a live preview beside them. */
export function ThemeEditor({
  organisationId,
  content,
}: {
  organisationId: number;
  content: TOrganisationContent;
}) {
  // Where a stored colour is unusable the built-in default stands in, as it does in the app.
  const stored = useMemo(() => resolveOrgTheme(content), [content]);
  const initial = useMemo(() => themeFormValues(content, stored), [content, stored]);
  const form = useForm<ThemeFormValues, unknown, ThemePayload>({
    resolver: zodResolver(ZThemeForm),
    defaultValues: initial,
  });
  const { control, register, reset, formState } = form;
  // A save starts the form afresh from what was stored; an image upload (which also refreshes
  // the content) must not throw away colours being edited, hence the comparison by value.
  const initialKey = JSON.stringify(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: initialKey stands for initial
  useEffect(() => reset(initial), [initialKey, reset]);
  const values = useWatch({ control }) as ThemeFormValues;
  const colours = previewColours(values, stored);
  const save = useSaveTheme(organisationId);

  const submit = form.handleSubmit((payload) => {
    const changes = changedThemeFields(payload, content);
    if (Object.keys(changes).length === 0) {
      notifySuccess('Nothing to save: the theme is unchanged.');
      return;
    }
    save.mutate(changes, {
      onError: (error) => applyServerErrors(error, form.setError, THEME_FIELDS),
    });
  });

  return (
    <Grid container spacing={2.5}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Stack spacing={2.5}>
          <SectionCard
            title="Colours and texts"
            subtitle="Changes show in the preview at once; save to apply them."
          >
            <Box component="form" noValidate onSubmit={submit} aria-label="Theme">
              {save.isError && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {errorMessage(save.error)}
                </Alert>
              )}
              <Grid container spacing={2}>
                {COLOUR_FIELDS.map(({ name, label }) => (
                  <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
                    <Controller
                      control={control}
                      name={name}
                      render={({ field, fieldState }) => (
                        <ColourField
                          label={`${label} colour`}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          error={fieldState.error}
                          fallback={stored[name]}
                        />
                      )}
                    />
                  </Grid>
                ))}
              </Grid>
              <Divider sx={{ my: 2 }} />
              <Stack spacing={2}>
                <TextField
                  label="Title"
                  fullWidth
                  {...fieldProps(register('title'), formState.errors.title)}
                />
                <TextField
                  label="Welcome message"
                  fullWidth
                  multiline
                  minRows={2}
                  {...fieldProps(register('welcome_message'), formState.errors.welcome_message)}
                />
                <TextField
                  label="Custom field"
                  fullWidth
                  multiline
                  minRows={2}
                  {...fieldProps(register('custom_field'), formState.errors.custom_field)}
                />
              </Stack>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
                <Button
                  color="inherit"
                  disabled={!formState.isDirty || save.isPending}
                  onClick={() => reset(initial)}
                >
                  Undo changes
                </Button>
                <Button type="submit" variant="contained" loading={save.isPending}>
                  Save theme
                </Button>
              </Stack>
            </Box>
          </SectionCard>
          <SectionCard
            title="Images"
            subtitle="PNG, JPG, WEBP or GIF, at most 2 MB each. Uploads apply at once."
          >
            <Stack divider={<Divider flexItem />}>
              {THEME_IMAGE_KINDS.map((kind) => (
                <ThemeImageField
                  key={kind}
                  organisationId={organisationId}
                  kind={kind}
                  content={content}
                />
              ))}
            </Stack>
          </SectionCard>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
          <SectionCard
            title="Preview"
            subtitle="How the header, sign-in page and tables will look."
          >
            <ThemePreview
              colours={colours}
              content={{
                title: values.title || content.title,
                welcome: values.welcome_message ?? '',
                logo: content.header_login_logo1 ?? content.logo,
                siteLogo: content.site_logo,
                banner: content.login_banner_image,
              }}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
              Shown in the current mode; switch light or dark in the top bar to compare.
            </Typography>
          </SectionCard>
        </Box>
      </Grid>
    </Grid>
  );
}
