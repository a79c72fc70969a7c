import { ZAssessmentInput } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useCreateAssessment } from '../api/assessments.api.ts';
import { CoursePicker, type CourseRef } from './course-picker.tsx';
import { editorUrl } from './labels.ts';

/** A new draft (one empty page, default settings); the editor opens once it exists. */
export function CreateAssessmentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose} title="New assessment">
      {open && <CreateForm onClose={onClose} />}
    </FormDialog>
  );
}

function CreateForm({ onClose }: { onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [course, setCourse] = useState<CourseRef | null>(null);
  const [errors, setErrors] = useState<{ title?: string; course?: string }>({});
  const create = useCreateAssessment();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { title, course: course?.id ?? null };
    // The contract's own rules, so the form says what the server would.
    const parsed = ZAssessmentInput.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'title' || field === 'course') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (detail) => {
        onClose();
        void navigate(editorUrl(detail.id));
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          setErrors({
            title: error.fieldErrors.title?.join(' '),
            course: error.fieldErrors.course?.join(' '),
          });
        }
      },
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      {create.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(create.error)}
        </Alert>
      )}
      <TextField
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
        autoFocus
        error={Boolean(errors.title)}
        helperText={errors.title}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <CoursePicker
        value={course}
        onChange={setCourse}
        label="Course (optional)"
        helperText="Leave empty for a standalone assessment."
        error={errors.course}
      />
      <FormFooter
        submitLabel="Create"
        busy={create.isPending}
        secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
      />
    </Stack>
  );
}
