import {
  LEARNING_PATH_DUE_MODES,
  LEARNING_PATH_ENROLMENT_MODES,
  LEARNING_PATH_IMAGE_MAX_BYTES,
  LEARNING_PATH_IMAGE_TYPES,
  LEARNING_PATH_VISIBILITIES,
} from '@atrium/contract';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../shared/api/api-error.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { controlledProps, fieldProps } from '../../../shared/forms/form-fields.tsx';
import { FormFooter } from '../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { type ImageChoice, ImageFileField } from '../../../shared/ui/image-file-field.tsx';
import { RichTextField } from '../../../shared/ui/rich-text/rich-text-field.tsx';
import { UploadProgressBar } from '../../../shared/ui/upload-progress.tsx';
import { useCategoryOptions } from '../api/paths.api.ts';
import {
  PATH_FORM_FIELDS,
  type PathFormValues,
  pathFormData,
  SERVER_TO_FORM_FIELD,
} from '../path-form.ts';
import { DUE_MODE_LABEL, ENROLMENT_LABEL, VISIBILITY_LABEL } from '../path-labels.ts';

const IMAGE_RULE = { allowed: LEARNING_PATH_IMAGE_TYPES, maxBytes: LEARNING_PATH_IMAGE_MAX_BYTES };

/**
 * The path's text and settings, for the create dialog and the editor's settings card. The
 * contract's schema checks the values before they are sent; the server's field errors land
 * under the same inputs, and nothing typed is lost on a refusal.
 */
export function PathForm({
  initial,
  currentImage = null,
  mode,
  submitLabel,
  save,
  secondary,
  readOnly = false,
}: {
  initial: PathFormValues;
  currentImage?: string | null;
  mode: 'create' | 'update';
  submitLabel: string;
  /** Sends the multipart body; rejects with the server's ApiError. */
  save: (form: FormData, onProgress: (p: UploadProgress) => void) => Promise<unknown>;
  secondary?: ReactNode;
  readOnly?: boolean;
}) {
  const form = useForm<PathFormValues>({ defaultValues: initial });
  const { register, control, handleSubmit, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const [image, setImage] = useState<ImageChoice>({ file: null, remove: false });
  const [imageError, setImageError] = useState<string>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const categories = useCategoryOptions();
  const dueMode = useWatch({ control, name: 'due_mode' });

  const submit = handleSubmit(async (values) => {
    setAlert(null);
    const built = pathFormData(values, image, mode);
    if ('problems' in built) {
      for (const [field, message] of Object.entries(built.problems)) {
        setError(field as keyof PathFormValues, { type: 'schema', message });
      }
      return;
    }
    try {
      await save(built.form, setProgress);
      if (mode === 'update') setImage({ file: null, remove: false });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [server, form] of Object.entries(SERVER_TO_FORM_FIELD)) {
          const messages = error.fieldErrors[server];
          if (messages) setError(form, { type: 'server', message: messages.join(' ') });
        }
        setImageError(error.fieldErrors.image?.join(' '));
      }
      setAlert(applyServerErrors(error, setError, PATH_FORM_FIELDS));
    } finally {
      setProgress(null);
    }
  });

  const select = (name: 'visibility' | 'enrolment' | 'due_mode' | 'category') => ({
    select: true,
    fullWidth: true,
    disabled: readOnly,
    error: errors[name] !== undefined,
    helperText: errors[name]?.message,
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      {alert && (
        <Alert severity="error" role="alert">
          {alert}
        </Alert>
      )}
      <TextField
        label="Title"
        required
        disabled={readOnly}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        {...fieldProps(
          register('title', { required: 'This field may not be blank.' }),
          errors.title,
        )}
      />
      <Controller
        control={control}
        name="description"
        render={({ field }) => (
          <RichTextField
            label="Description"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.description?.message}
            disabled={readOnly}
          />
        )}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="category"
            render={({ field }) => (
              <TextField {...select('category')} label="Category" {...controlledProps(field)}>
                <MenuItem value="">No category</MenuItem>
                {categories.data?.results.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            type="number"
            label="Estimated minutes"
            fullWidth
            disabled={readOnly}
            {...fieldProps(register('estimated_minutes'), errors.estimated_minutes)}
            helperText={errors.estimated_minutes?.message ?? 'Empty: the sum of its courses.'}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="visibility"
            render={({ field }) => (
              <TextField {...select('visibility')} label="Visible to" {...controlledProps(field)}>
                {LEARNING_PATH_VISIBILITIES.map((v) => (
                  <MenuItem key={v} value={v}>
                    {VISIBILITY_LABEL[v]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="enrolment"
            render={({ field }) => (
              <TextField {...select('enrolment')} label="Enrolment" {...controlledProps(field)}>
                {LEARNING_PATH_ENROLMENT_MODES.map((m) => (
                  <MenuItem key={m} value={m}>
                    {ENROLMENT_LABEL[m]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="due_mode"
            render={({ field }) => (
              <TextField {...select('due_mode')} label="Due date" {...controlledProps(field)}>
                {LEARNING_PATH_DUE_MODES.map((m) => (
                  <MenuItem key={m} value={m}>
                    {DUE_MODE_LABEL[m]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {dueMode === 'fixed' && (
            <TextField
              type="date"
              label="Due on"
              fullWidth
              disabled={readOnly}
              slotProps={{ inputLabel: { shrink: true } }}
              {...fieldProps(register('due_day'), errors.due_day)}
            />
          )}
          {dueMode === 'relative' && (
            <TextField
              type="number"
              label="Days after enrolment"
              fullWidth
              disabled={readOnly}
              {...fieldProps(register('due_days'), errors.due_days)}
            />
          )}
        </Grid>
        {dueMode !== 'none' && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              type="number"
              label="Remind this many days before"
              fullWidth
              disabled={readOnly}
              {...fieldProps(register('due_soon_days'), errors.due_soon_days)}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            type="number"
            label="Valid for (months)"
            fullWidth
            disabled={readOnly}
            {...fieldProps(register('validity_months'), errors.validity_months)}
            helperText={
              errors.validity_months?.message ??
              'Empty: completion never expires. Otherwise learners are enrolled again.'
            }
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            type="number"
            label="CPD hours"
            fullWidth
            disabled={readOnly}
            {...fieldProps(register('cpd_hours'), errors.cpd_hours)}
            slotProps={{ htmlInput: { min: 0, step: 0.25 } }}
            helperText={
              errors.cpd_hours?.message ??
              'Credited to each learner who completes the path. Empty: none.'
            }
          />
        </Grid>
      </Grid>
      <ImageFileField
        rule={IMAGE_RULE}
        current={currentImage}
        value={image}
        onChange={(next) => {
          setImageError(undefined);
          setImage(next);
        }}
        error={imageError}
        disabled={readOnly}
        inputLabel="Learning path image file"
        renderPreview={(src) => (
          <Box
            sx={{
              width: { xs: '100%', sm: 200 },
              aspectRatio: '16 / 9',
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'action.hover',
              overflow: 'hidden',
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
            }}
          >
            {src ? (
              <Box
                component="img"
                src={src}
                alt="Learning path image preview"
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            ) : (
              <ImageOutlined sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
            )}
          </Box>
        )}
      />
      {progress && <UploadProgressBar progress={progress} />}
      {!readOnly && (
        <FormFooter submitLabel={submitLabel} busy={isSubmitting} secondary={secondary} />
      )}
    </Stack>
  );
}
