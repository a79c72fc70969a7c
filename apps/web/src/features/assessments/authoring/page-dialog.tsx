import type { TAssessmentPage } from '@atrium/contract';
import { ZAssessmentPageUpdate } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { RichTextField } from '../../../shared/ui/rich-text/rich-text-field.tsx';
import { useUpdatePage } from '../api/assessments.api.ts';

/** A page's title and the description learners read above its questions. */
export function PageDialog({ page, onClose }: { page: TAssessmentPage; onClose: () => void }) {
  const [title, setTitle] = useState(page.title);
  const [description, setDescription] = useState(page.description);
  const [errors, setErrors] = useState<{ title?: string; description?: string }>({});
  const update = useUpdatePage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZAssessmentPageUpdate.safeParse({ title, description });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'title' || field === 'description') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(
      { page: page.id, title: parsed.data.title ?? '', description: parsed.data.description ?? '' },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (error instanceof ApiError) {
            setErrors({
              title: error.fieldErrors.title?.join(' '),
              description: error.fieldErrors.description?.join(' '),
            });
          }
        },
      },
    );
  };
  return (
    <FormDialog open onClose={onClose} title="Page" maxWidth="md">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {update.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(update.error)}
          </Alert>
        )}
        <TextField
          label="Page title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(errors.title)}
          helperText={errors.title ?? 'Optional; learners see it above the page’s questions.'}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <RichTextField
          label="Description"
          value={description}
          onChange={setDescription}
          error={errors.description}
        />
        <FormFooter
          submitLabel="Save"
          busy={update.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
