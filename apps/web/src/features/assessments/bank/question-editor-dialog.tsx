import {
  QUESTION_TYPES,
  type TBankQuestionDetail,
  type TQuestionCategory,
  type TQuestionDefinition,
  type TQuestionType,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useBankQuestion, useCreateQuestion, useUpdateQuestion } from '../api/bank.api.ts';
import { categoryRows } from './category-model.ts';
import { DefinitionEditor } from './definition-editor.tsx';
import {
  changeType,
  checkQuestion,
  type EditorErrors,
  emptyDefinition,
  QUESTION_TYPE_LABELS,
  type QuestionForm,
  serverErrors,
} from './definition-model.ts';
import { QuestionPreviewDialog } from './question-preview.tsx';

/*
 * Adding or changing one bank question. The contract's check runs first, so most mistakes are
 * shown on their fields without a round trip; the server's 400 lands on the same fields.
 */

interface EditorProps {
  /** null: a new question. */
  questionId: number | null;
  categories: readonly TQuestionCategory[];
  defaultCategory: number | null;
  onClose: () => void;
}

export function QuestionEditorDialog(props: EditorProps) {
  const loaded = useBankQuestion(props.questionId);
  const title = props.questionId === null ? 'New question' : 'Edit question';
  return (
    <FormDialog open title={title} onClose={props.onClose} maxWidth="md">
      {props.questionId !== null && !loaded.data ? (
        loaded.isError ? (
          <Alert severity="error">
            {errorMessage(loaded.error, 'Could not get the question.')}
          </Alert>
        ) : (
          <Stack spacing={2} aria-busy="true" aria-label="Loading the question">
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={190} />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        )
      ) : (
        <EditorForm {...props} question={loaded.data ?? null} />
      )}
    </FormDialog>
  );
}

function initialForm(question: TBankQuestionDetail | null, category: number | null): QuestionForm {
  if (question === null)
    return { title: '', category, tags: [], definition: emptyDefinition('single_choice') };
  return {
    title: question.title,
    category: question.category,
    tags: question.tags,
    definition: question.definition,
  };
}

function EditorForm({
  question,
  categories,
  defaultCategory,
  onClose,
}: EditorProps & { question: TBankQuestionDetail | null }) {
  const [form, setForm] = useState(() => initialForm(question, defaultCategory));
  const [errors, setErrors] = useState<EditorErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<TQuestionDefinition | null>(null);
  const create = useCreateQuestion();
  const update = useUpdateQuestion();
  const busy = create.isPending || update.isPending;
  const canEdit = question === null || question.abilities.edit;

  const openPreview = () => {
    const checked = checkQuestion(form);
    if (checked.ok) {
      setErrors({});
      setFailure(null);
      setPreview(checked.value.definition);
    } else {
      setErrors(checked.errors);
      setFailure('Complete the question to preview it.');
    }
  };

  const save = () => {
    const checked = checkQuestion(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailure('Some fields need attention.');
      return;
    }
    setErrors({});
    setFailure(null);
    const onError = (error: unknown) => {
      setErrors(serverErrors(error));
      setFailure(errorMessage(error));
    };
    if (question === null) {
      create.mutate(checked.value, { onSuccess: onClose, onError });
      return;
    }
    update.mutate(
      { id: question.id, body: checked.value },
      {
        onSuccess: (saved) => {
          notifySuccess(
            saved.version > question.version
              ? `Saved as version ${saved.version}; answers already given keep version ${question.version}.`
              : 'Question saved.',
          );
          onClose();
        },
        onError,
      },
    );
  };

  const rows = categoryRows(categories);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack spacing={2.5}>
        {question?.used && (
          <Alert severity="info">
            Version {question.version} has been answered. Saving a changed question makes version{' '}
            {question.version + 1}; results already given keep the version they answered.
          </Alert>
        )}
        {!canEdit && (
          <Alert severity="warning">Only its author or an admin may change this question.</Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Title"
            required
            fullWidth
            value={form.title}
            onChange={(e) => setForm({ ...form, title: e.target.value })}
            error={Boolean(errors.title)}
            helperText={errors.title ?? 'Shown in the bank only, not to learners.'}
          />
          <TextField
            select
            label="Type"
            value={form.definition.type}
            onChange={(e) =>
              setForm({
                ...form,
                definition: changeType(form.definition, e.target.value as TQuestionType),
              })
            }
            sx={{ minWidth: { sm: 220 } }}
          >
            {QUESTION_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {QUESTION_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label="Category"
            fullWidth
            value={form.category ?? ''}
            onChange={(e) =>
              setForm({ ...form, category: e.target.value === '' ? null : Number(e.target.value) })
            }
            error={Boolean(errors.category)}
            helperText={errors.category}
          >
            <MenuItem value="">
              <em>No category</em>
            </MenuItem>
            {rows.map(({ category, depth }) => (
              <MenuItem key={category.id} value={category.id} sx={{ pl: 2 + depth * 2 }}>
                {category.name}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            freeSolo
            fullWidth
            options={[]}
            value={form.tags}
            onChange={(_, tags) =>
              setForm({ ...form, tags: [...new Set(tags.map((t) => t.trim().toLowerCase()))] })
            }
            renderValue={(tags, getItemProps) =>
              tags.map((tag, index) => {
                const { key, ...rest } = getItemProps({ index });
                return <Chip key={key} label={tag} size="small" {...rest} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label="Tags"
                error={Boolean(errors.tags)}
                helperText={
                  errors.tags ??
                  Object.entries(errors).find(([k]) => k.startsWith('tags.'))?.[1] ??
                  'Press Enter after each tag.'
                }
              />
            )}
          />
        </Stack>
        <DefinitionEditor
          value={form.definition}
          onChange={(definition) => setForm({ ...form, definition })}
          errors={errors}
        />
      </Stack>
      <DialogActions sx={{ px: 0, pt: 3 }}>
        <Button onClick={openPreview} sx={{ mr: 'auto' }}>
          Preview
        </Button>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={busy} disabled={!canEdit}>
          {question === null ? 'Add question' : 'Save'}
        </Button>
      </DialogActions>
      {preview && <QuestionPreviewDialog definition={preview} onClose={() => setPreview(null)} />}
    </Box>
  );
}
