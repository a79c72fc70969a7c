import {
  COURSE_LEVELS,
  COURSE_VISIBILITIES,
  type TCourseInput,
  type TCourseVisibility,
  widensVisibility,
} from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../../shared/api/api-error.ts';
import type { UploadProgress } from '../../../../shared/api/upload.ts';
import { controlledProps, fieldProps } from '../../../../shared/forms/form-fields.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { RichTextField } from '../../../../shared/ui/rich-text/rich-text-field.tsx';
import { UploadProgressBar } from '../../../../shared/ui/upload-progress.tsx';
import { useCategoryOptions } from '../../api/courses.api.ts';
import {
  COURSE_FORM_FIELDS,
  type CourseFormValues,
  courseFormData,
  ZCourseForm,
} from '../../authoring/course-form.ts';
import { CourseImageField, type CourseImageValue } from './course-image-field.tsx';
import { TagsField } from './tags-field.tsx';

const LEVEL_LABEL: Record<(typeof COURSE_LEVELS)[number], string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

interface CourseFormProps {
  initial: CourseFormValues;
  /** The stored image URL when editing. */
  currentImage?: string | null;
  submitLabel: string;
  /** Sends the multipart form; rejects with the server's ApiError. */
  save: (form: FormData, onProgress: (progress: UploadProgress) => void) => Promise<unknown>;
  readOnly?: boolean;
  /**
   * Why the caller may not widen the stored visibility (adminOnlyReason): options wider than the
   * saved one are disabled, with this reason under the field.
   */
  wideningBlocked?: string | null;
}

const VISIBILITY_LABEL: Record<TCourseVisibility, string> = {
  organisation: 'This organisation only',
  catalogue: 'Shared catalogue',
};

/**
 * The course form of add-course and edit-course: the contract schema validates as the server
 * does, and the server's field errors land under the same inputs.
 */
export function CourseForm({
  initial,
  currentImage = null,
  submitLabel,
  save,
  readOnly = false,
  wideningBlocked = null,
}: CourseFormProps) {
  const form = useForm<CourseFormValues, unknown, TCourseInput>({
    resolver: zodResolver(ZCourseForm) as unknown as Resolver<
      CourseFormValues,
      unknown,
      TCourseInput
    >,
    defaultValues: initial,
  });
  const { register, control, formState, reset } = form;
  const categories = useCategoryOptions();
  const [image, setImage] = useState<CourseImageValue>({ file: null, remove: false });
  const [imageError, setImageError] = useState<string>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const isCpd = useWatch({ control, name: 'is_cpd' });

  // A saved course comes back from the server: show what it stored.
  useEffect(() => {
    reset(initial);
    setImage({ file: null, remove: false });
  }, [initial, reset]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setImageError(undefined);
    setProgress(null);
    try {
      await save(courseFormData(values, image), setProgress);
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, COURSE_FORM_FIELDS));
      setImageError(error instanceof ApiError ? error.fieldErrors.image?.join(' ') : undefined);
    } finally {
      setProgress(null);
    }
  });

  const errors = formState.errors;
  const busy = formState.isSubmitting;
  const options = categories.data?.results ?? [];
  // Narrowing stays open; only what would show the course to more people is locked.
  const locked = (v: TCourseVisibility) =>
    wideningBlocked !== null && widensVisibility(initial.visibility, v);
  const anyLocked = COURSE_VISIBILITIES.some(locked);
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Course details">
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label="Title"
        required
        fullWidth
        disabled={readOnly}
        {...fieldProps(register('title'), errors.title)}
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
              <TextField
                select
                fullWidth
                label="Category"
                disabled={readOnly}
                {...controlledProps(field)}
                error={Boolean(errors.category)}
                helperText={
                  errors.category?.message ??
                  (categories.isError ? 'Categories could not be loaded.' : undefined)
                }
              >
                <MenuItem value="">
                  <em>No category</em>
                </MenuItem>
                {options.map((category) => (
                  <MenuItem key={category.id} value={category.id}>
                    {category.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="level"
            render={({ field }) => (
              <TextField
                select
                fullWidth
                label="Level"
                disabled={readOnly}
                {...controlledProps(field)}
              >
                {COURSE_LEVELS.map((level) => (
                  <MenuItem key={level} value={level}>
                    {LEVEL_LABEL[level]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Duration (minutes)"
            type="number"
            fullWidth
            disabled={readOnly}
            slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
            {...fieldProps(register('duration'), errors.duration)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Language code"
            fullWidth
            disabled={readOnly}
            placeholder="en"
            {...fieldProps(register('language'), errors.language)}
            helperText={errors.language?.message ?? 'Such as en, fr or pt-BR.'}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <TagsField
                value={field.value}
                onChange={field.onChange}
                error={errors.tags?.message ?? errors.tags?.[0]?.message}
                disabled={readOnly}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="visibility"
            render={({ field }) => (
              <TextField
                select
                fullWidth
                label="Visibility"
                disabled={readOnly}
                {...controlledProps(field)}
                helperText={
                  anyLocked
                    ? wideningBlocked
                    : 'The shared catalogue shows it to other organisations once published.'
                }
              >
                {COURSE_VISIBILITIES.map((v) => (
                  <MenuItem key={v} value={v} disabled={locked(v)}>
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
            name="self_enrol"
            render={({ field }) => (
              <FormControlLabel
                sx={{ mt: { sm: 1 } }}
                disabled={readOnly}
                control={<Switch checked={field.value} onChange={(_e, on) => field.onChange(on)} />}
                label="Learners may enrol themselves"
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="is_cpd"
            render={({ field }) => (
              <FormControlLabel
                disabled={readOnly}
                control={<Switch checked={field.value} onChange={(_e, on) => field.onChange(on)} />}
                label="Counts towards CPD"
              />
            )}
          />
        </Grid>
        {isCpd && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="CPD hours"
              type="number"
              fullWidth
              disabled={readOnly}
              slotProps={{ htmlInput: { min: 0, step: 0.5, inputMode: 'decimal' } }}
              {...fieldProps(register('cpd_hours'), errors.cpd_hours)}
            />
          </Grid>
        )}
      </Grid>
      {(!readOnly || currentImage) && (
        <CourseImageField
          current={currentImage}
          value={image}
          onChange={setImage}
          error={imageError}
          disabled={readOnly}
        />
      )}
      {busy && image.file && <UploadProgressBar progress={progress} label="Saving" />}
      {!readOnly && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
