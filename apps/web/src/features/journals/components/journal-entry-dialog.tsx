import {
  JOURNAL_BODY_MAX,
  JOURNAL_REFLECTION_MAX,
  JOURNAL_VISIBILITIES,
  plainText,
  type TJournalEntry,
  type TJournalVisibility,
  ZJournalCreate,
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
import { RichTextField } from '../../../shared/ui/rich-text/rich-text-field.tsx';
import { useJournalLinks, useSaveEntry } from '../api/journals.api.ts';

export const VISIBILITY_LABELS: Record<TJournalVisibility, string> = {
  private: 'Private (only me)',
  shared_with_trainer: 'Shared with the trainer',
};

const reflection = plainText()
  .trim()
  .max(JOURNAL_REFLECTION_MAX, `At most ${JOURNAL_REFLECTION_MAX} characters.`);

/** The form keeps text: an empty course or session is "none". The contract's rules check the rest. */
const ZEntryForm = z.object({
  title: ZJournalCreate.shape.title,
  body_html: z.string().max(JOURNAL_BODY_MAX, 'The text is too long.'),
  went_well: reflection,
  to_improve: reflection,
  course_id: z.string(),
  session_id: z.string(),
  visibility: z.enum(JOURNAL_VISIBILITIES),
});
type EntryForm = z.infer<typeof ZEntryForm>;
const FIELDS = [
  'title',
  'body_html',
  'went_well',
  'to_improve',
  'course_id',
  'session_id',
  'visibility',
] as const;

const valuesOf = (entry: TJournalEntry | null): EntryForm => ({
  title: entry?.title ?? '',
  body_html: entry?.body_html ?? '',
  went_well: entry?.went_well ?? '',
  to_improve: entry?.to_improve ?? '',
  course_id: entry?.course ? String(entry.course.id) : '',
  session_id: entry?.session ? String(entry.session.id) : '',
  visibility: entry?.visibility ?? 'private',
});

/** Writing a journal entry, or editing one of mine (null: a new entry). */
export function JournalEntryDialog({
  open,
  entry,
  onClose,
}: {
  open: boolean;
  entry: TJournalEntry | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={entry ? 'Edit journal entry' : 'New journal entry'}
      maxWidth="md"
    >
      {open && <EntryFormBody entry={entry} onClose={onClose} />}
    </FormDialog>
  );
}

function EntryFormBody({ entry, onClose }: { entry: TJournalEntry | null; onClose: () => void }) {
  const form = useForm<EntryForm>({
    resolver: zodResolver(ZEntryForm),
    defaultValues: valuesOf(entry),
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const save = useSaveEntry(entry?.id ?? null);
  const links = useJournalLinks(true);
  // What the entry names stays offered even when it is no longer among my courses or bookings.
  const withCurrent = <T extends { id: number }>(current: T | null | undefined, list: T[] = []) =>
    current && !list.some((x) => x.id === current.id) ? [current, ...list] : list;
  const courses = withCurrent(entry?.course, links.data?.courses);
  const sessions = withCurrent(entry?.session, links.data?.sessions);
  const linksHelp = links.isError ? errorMessage(links.error) : undefined;

  const submit = form.handleSubmit((v) =>
    save.mutate(
      {
        ...v,
        course_id: v.course_id ? Number(v.course_id) : null,
        session_id: v.session_id ? Number(v.session_id) : null,
      },
      {
        onSuccess: onClose,
        onError: (error) => applyServerErrors(error, form.setError, FIELDS),
      },
    ),
  );

  const linkSelect = (
    name: 'course_id' | 'session_id',
    label: string,
    options: { id: number; title: string }[],
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          {...controlledProps(field)}
          disabled={!links.data && !links.isError}
          error={Boolean(fieldState.error) || links.isError}
          helperText={fieldState.error?.message ?? linksHelp}
          sx={{ flex: 1, minWidth: 0 }}
        >
          <MenuItem value="">None</MenuItem>
          {options.map((o) => (
            <MenuItem key={o.id} value={String(o.id)}>
              {o.title}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        <TextField
          label="Title"
          required
          autoFocus
          {...fieldProps(register('title'), errors.title)}
        />
        <Controller
          control={control}
          name="body_html"
          render={({ field, fieldState }) => (
            <RichTextField
              label="Entry"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextField
          label="What went well"
          multiline
          minRows={2}
          {...fieldProps(register('went_well'), errors.went_well)}
        />
        <TextField
          label="What to improve"
          multiline
          minRows={2}
          {...fieldProps(register('to_improve'), errors.to_improve)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {linkSelect('course_id', 'Course', courses)}
          {linkSelect('session_id', 'Classroom session', sessions)}
        </Stack>
        <Controller
          control={control}
          name="visibility"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Who can read it"
              {...controlledProps(field)}
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message ??
                'Shared entries are read by the trainers of the linked course or session and by your organisation’s admins.'
              }
            >
              {JOURNAL_VISIBILITIES.map((v) => (
                <MenuItem key={v} value={v}>
                  {VISIBILITY_LABELS[v]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormFooter
          submitLabel={entry ? 'Save entry' : 'Add entry'}
          busy={save.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </form>
  );
}
