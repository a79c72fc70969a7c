import { type TAssessmentDetail, ZAssessmentUpdate } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { RichTextField } from '../../../shared/ui/rich-text/rich-text-field.tsx';
import { useUpdateAssessment } from '../api/assessments.api.ts';
import { CoursePicker, type CourseRef } from './course-picker.tsx';

type Errors = Partial<Record<'title' | 'instructions' | 'course', string>>;

/** Title, the instructions learners read before starting, and the course it belongs to. */
export function DetailsForm({ detail }: { detail: TAssessmentDetail }) {
  const [title, setTitle] = useState(detail.title);
  const [instructions, setInstructions] = useState(detail.instructions);
  const [course, setCourse] = useState<CourseRef | null>(detail.course);
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateAssessment(detail.id);
  const editable = detail.abilities.edit;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZAssessmentUpdate.safeParse({ title, instructions, course: course?.id ?? null });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onError: (error) => {
        if (error instanceof ApiError) {
          const f = error.fieldErrors;
          setErrors({
            title: f.title?.join(' '),
            instructions: f.instructions?.join(' '),
            course: f.course?.join(' '),
          });
        }
      },
    });
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Details">
      {update.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(update.error)}
        </Alert>
      )}
      <TextField
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
        disabled={!editable}
        error={Boolean(errors.title)}
        helperText={errors.title}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <CoursePicker
        value={course}
        onChange={setCourse}
        label="Course"
        helperText="Empty: a standalone assessment."
        error={errors.course}
        disabled={!editable}
      />
      <RichTextField
        label="Instructions"
        value={instructions}
        onChange={setInstructions}
        error={errors.instructions}
        helperText="Learners read these before they start."
        disabled={!editable}
      />
      {editable && (
        <Button
          type="submit"
          variant="contained"
          loading={update.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          Save details
        </Button>
      )}
    </Stack>
  );
}
