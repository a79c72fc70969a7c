import {
  GOAL_DESCRIPTION_MAX,
  GOAL_STATUS_LABELS,
  GOAL_STATUSES,
  plainText,
  type TGoal,
  ZGoalCreate,
} from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { controlledProps, fieldProps } from '../../../shared/forms/form-fields.tsx';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useJournalLinks, useSaveGoal } from '../api/journals.api.ts';

/** The form keeps text: an empty date or course is "none". The contract's rules check the rest. */
const ZGoalForm = z.object({
  title: ZGoalCreate.shape.title,
  description: plainText()
    .trim()
    .max(GOAL_DESCRIPTION_MAX, `At most ${GOAL_DESCRIPTION_MAX} characters.`),
  target_date: z.string(),
  status: z.enum(GOAL_STATUSES),
  course_id: z.string(),
});
type GoalForm = z.infer<typeof ZGoalForm>;
const FIELDS = ['title', 'description', 'target_date', 'status', 'course_id'] as const;

const valuesOf = (goal: TGoal | null): GoalForm => ({
  title: goal?.title ?? '',
  description: goal?.description ?? '',
  target_date: goal?.target_date ?? '',
  status: goal?.status ?? 'planned',
  course_id: goal?.course ? String(goal.course.id) : '',
});

/** Adding a goal to my plan, or editing one (null: a new goal). */
export function GoalDialog({
  open,
  goal,
  onClose,
}: {
  open: boolean;
  goal: TGoal | null;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title={goal ? 'Edit goal' : 'Add a goal'}>
      {open && <GoalFormBody goal={goal} onClose={onClose} />}
    </FormDialog>
  );
}

function GoalFormBody({ goal, onClose }: { goal: TGoal | null; onClose: () => void }) {
  const form = useForm<GoalForm>({
    resolver: zodResolver(ZGoalForm),
    defaultValues: valuesOf(goal),
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const save = useSaveGoal(goal?.id ?? null);
  const links = useJournalLinks(true);
  // A goal's course may no longer be among my enrolments: keep it offered so the select shows it.
  const courses = [
    ...(goal?.course && !links.data?.courses.some((c) => c.id === goal.course?.id)
      ? [goal.course]
      : []),
    ...(links.data?.courses ?? []),
  ];

  const submit = form.handleSubmit((v) =>
    save.mutate(
      {
        title: v.title,
        description: v.description,
        target_date: v.target_date || null,
        status: v.status,
        course_id: v.course_id ? Number(v.course_id) : null,
      },
      {
        onSuccess: onClose,
        onError: (error) => applyServerErrors(error, form.setError, FIELDS),
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        <TextField
          label="Goal"
          required
          autoFocus
          {...fieldProps(register('title'), errors.title)}
        />
        <TextField
          label="Description"
          multiline
          minRows={2}
          {...fieldProps(register('description'), errors.description)}
        />
        <TextField
          label="Target date"
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
          {...fieldProps(register('target_date'), errors.target_date)}
        />
        <Controller
          control={control}
          name="status"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Status"
              {...controlledProps(field)}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {GOAL_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {GOAL_STATUS_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="course_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Course"
              {...controlledProps(field)}
              disabled={!links.data && !links.isError}
              error={Boolean(fieldState.error) || links.isError}
              helperText={
                fieldState.error?.message ?? (links.isError ? errorMessage(links.error) : undefined)
              }
            >
              <MenuItem value="">No course</MenuItem>
              {courses.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.title}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormFooter
          submitLabel={goal ? 'Save goal' : 'Add goal'}
          busy={save.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </form>
  );
}
