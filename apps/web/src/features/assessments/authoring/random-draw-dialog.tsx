import { MAX_DRAW, ZAssessmentSlotInput } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useAddSlot } from '../api/assessments.api.ts';
import { useBankCategories, useBankQuestions } from './picker-options.ts';

type Errors = Partial<Record<'category' | 'tags' | 'draw_count' | 'points', string>>;

/**
 * "5 from Safety": each attempt draws that many active questions of a category and/or tags.
 * While choosing, it says how many questions match now (exactly, for one tag or none).
 */
export function RandomDrawDialog({ pageId, onClose }: { pageId: number; onClose: () => void }) {
  const [category, setCategory] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [count, setCount] = useState('5');
  const [points, setPoints] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const categories = useBankCategories();
  const matching = useBankQuestions(
    { page: 1, page_size: 1, category: category ? Number(category) : undefined, tag: tags[0] },
    (category !== '' || tags.length > 0) && tags.length <= 1,
  );
  const add = useAddSlot();
  const available = matching.data?.count;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZAssessmentSlotInput.safeParse({
      kind: 'random',
      page: pageId,
      category: category ? Number(category) : null,
      tags,
      draw_count: count.trim() === '' ? Number.NaN : Number(count),
      points: points.trim() === '' ? null : Number(points),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Errors;
        next[field] ??=
          field === 'draw_count' ? `A whole number from 1 to ${MAX_DRAW}.` : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: onClose,
      onError: (error) => {
        if (error instanceof ApiError) {
          const f = error.fieldErrors;
          setErrors({
            category: f.category?.join(' '),
            tags: f.tags?.join(' '),
            draw_count: f.draw_count?.join(' '),
          });
        }
      },
    });
  };
  const hint =
    tags.length > 1
      ? 'The server counts the matching questions when the draw is saved.'
      : available !== undefined && (category || tags.length > 0)
        ? `${available} active question${available === 1 ? '' : 's'} match now in the bank; those already placed in this assessment are never drawn.`
        : 'Choose where the questions come from.';
  return (
    <FormDialog open onClose={onClose} title="Add a random draw">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {add.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(add.error)}
          </Alert>
        )}
        <TextField
          select
          label="Category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          error={Boolean(errors.category)}
          helperText={errors.category ?? 'Its sub-categories are included.'}
        >
          <MenuItem value="">Any category</MenuItem>
          {(categories.data?.results ?? []).map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name} ({c.question_count})
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={tags}
          onChange={(_event, next) =>
            setTags([...new Set(next.map((t) => String(t).trim().toLowerCase()).filter(Boolean))])
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label="Tags"
              error={Boolean(errors.tags)}
              helperText={errors.tags ?? 'Type a tag and press Enter; questions need every tag.'}
            />
          )}
        />
        <Alert
          severity={available !== undefined && available < Number(count) ? 'warning' : 'info'}
          role="status"
        >
          {hint}
          {available !== undefined && available < Number(count) && tags.length <= 1
            ? ' Fewer than the draw: the assessment cannot be published until there are enough.'
            : ''}
        </Alert>
        <Stack direction="row" spacing={2}>
          <TextField
            label="Questions to draw"
            type="number"
            value={count}
            onChange={(event) => setCount(event.target.value)}
            error={Boolean(errors.draw_count)}
            helperText={errors.draw_count}
            slotProps={{ htmlInput: { min: 1, max: MAX_DRAW } }}
            sx={{ flex: 1 }}
          />
          <TextField
            label="Points each"
            type="number"
            value={points}
            onChange={(event) => setPoints(event.target.value)}
            error={Boolean(errors.points)}
            helperText={errors.points ?? 'Empty: each question’s own'}
            slotProps={{ htmlInput: { min: 0, max: 1000, step: 0.5 } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        <FormFooter
          submitLabel="Add draw"
          busy={add.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
