import { type TCategory, ZCategoryInput } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../../shared/api/api-error.ts';
import type { UploadProgress } from '../../../../shared/api/upload.ts';
import { fieldProps } from '../../../../shared/forms/form-fields.tsx';
import { FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { UploadProgressBar } from '../../../../shared/ui/upload-progress.tsx';
import { CategoryImageField } from './category-image-field.tsx';

type FormValues = z.input<typeof ZCategoryInput>;
type Values = z.output<typeof ZCategoryInput>;
const FIELDS = ['name', 'description'] as const;

export interface CategorySubmit {
  form: FormData;
  onProgress: (p: UploadProgress) => void;
}

/**
 * Name, description and picture of a category, sent as multipart (the picture is a file).
 * Used by the add dialog and the edit page; `save` returns the mutation's promise so the
 * server's field errors land under the inputs.
 */
export function CategoryForm({
  category,
  save,
  busy,
  submitLabel,
  secondary,
}: {
  category?: TCategory;
  save: (submit: CategorySubmit) => Promise<unknown>;
  busy: boolean;
  submitLabel: string;
  secondary?: ReactNode;
}) {
  const form = useForm<FormValues, unknown, Values>({
    resolver: zodResolver(ZCategoryInput),
    defaultValues: { name: category?.name ?? '', description: category?.description ?? '' },
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const [file, setFile] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string>();

  const submit = form.handleSubmit(async (values) => {
    const data = new FormData();
    data.set('name', values.name);
    data.set('description', values.description);
    if (file) data.set('image', file);
    else if (category && removeImage) data.set('remove_image', 'true');
    setAlert(null);
    setImageError(undefined);
    setProgress(null);
    try {
      await save({ form: data, onProgress: setProgress });
    } catch (error) {
      setAlert(applyServerErrors(error, form.setError, FIELDS));
      if (error instanceof ApiError) setImageError(error.fieldErrors.image?.join(' '));
    }
  });

  const errors = form.formState.errors;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      {alert && <Alert severity="error">{alert}</Alert>}
      <TextField
        label="Name"
        required
        fullWidth
        autoFocus={!category}
        slotProps={{ htmlInput: { maxLength: 120 } }}
        {...fieldProps(form.register('name'), errors.name)}
      />
      <TextField
        label="Description"
        fullWidth
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
        {...fieldProps(form.register('description'), errors.description)}
      />
      <CategoryImageField
        file={file}
        onFile={(chosen) => {
          setFile(chosen);
          setImageError(undefined);
        }}
        current={category?.image}
        removed={removeImage}
        onRemove={setRemoveImage}
        name={name}
        error={imageError}
      />
      {busy && file && <UploadProgressBar progress={progress} label="Uploading the image" />}
      <FormFooter submitLabel={submitLabel} busy={busy} secondary={secondary} />
    </Stack>
  );
}
