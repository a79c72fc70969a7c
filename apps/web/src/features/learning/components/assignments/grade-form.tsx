import type { TSubmission } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../../shared/forms/form-fields.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { useGradeSubmission } from '../../api/assignments.api.ts';
import {
  formAlert,
  type GradeFormInput,
  type GradeFormValues,
  gradeFormSchema,
  gradeToPayload,
  submissionToGradeForm,
} from './assignment-form.ts';

/** Score and feedback for one learner's submission; a graded one can be regraded. */
export function GradeForm({
  courseId,
  assignmentId,
  maxScore,
  submission,
  onDone,
}: {
  courseId: number;
  assignmentId: number;
  maxScore: number;
  submission: TSubmission;
  onDone: () => void;
}) {
  const grade = useGradeSubmission(courseId, assignmentId);
  const resolver = useMemo(() => zodResolver(gradeFormSchema(maxScore)), [maxScore]);
  const form = useForm<GradeFormInput, unknown, GradeFormValues>({
    resolver,
    defaultValues: submissionToGradeForm(submission),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const name = submission.user.fullname;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await grade.mutateAsync(gradeToPayload(submission.user.id, values));
      onDone();
    } catch (error) {
      const fields = ['score', 'feedback'] as const;
      setFailure(formAlert(error, applyServerErrors(error, form.setError, fields), fields));
    }
  });
  const errors = form.formState.errors;
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label={`Grade ${name}`}
      sx={{ mt: 2 }}
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label="Score"
        type="number"
        required
        autoFocus
        sx={{ maxWidth: { sm: 220 } }}
        slotProps={{
          htmlInput: { min: 0, max: maxScore, step: 1, inputMode: 'numeric' },
          input: { endAdornment: <InputAdornment position="end">/ {maxScore}</InputAdornment> },
        }}
        {...fieldProps(form.register('score', { valueAsNumber: true }), errors.score)}
      />
      <TextField
        label="Feedback"
        multiline
        minRows={3}
        fullWidth
        placeholder={`What ${name} did well and what to improve.`}
        {...fieldProps(form.register('feedback'), errors.feedback)}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          Save grade
        </Button>
      </Stack>
    </Stack>
  );
}
