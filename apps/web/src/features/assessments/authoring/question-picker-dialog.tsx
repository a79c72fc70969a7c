import { QUESTION_TYPES, type TBankQuestion, type TQuestionType } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { useAddSlot } from '../api/assessments.api.ts';
import { plural, typeLabel } from './labels.ts';
import { useBankCategories, useBankQuestions } from './picker-options.ts';

const PAGE_SIZE = 10;

/** Picks active bank questions (filters, several pages of them) and places them on a page. */
export function QuestionPickerDialog({ pageId, onClose }: { pageId: number; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Map<number, TBankQuestion>>(new Map());
  const [points, setPoints] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const debounced = useDebouncedValue(search.trim());
  const categories = useBankCategories();
  const list = useBankQuestions({
    page,
    page_size: PAGE_SIZE,
    search: debounced || undefined,
    category: category ? Number(category) : undefined,
    type: (type || undefined) as TQuestionType | undefined,
  });
  const add = useAddSlot();
  const toggle = (q: TBankQuestion) =>
    setChosen((old) => {
      const next = new Map(old);
      if (next.has(q.id)) next.delete(q.id);
      else next.set(q.id, q);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.size === 0) {
      setProblem('Choose at least one question.');
      return;
    }
    const value = points.trim() === '' ? null : Number(points);
    if (value !== null && (!Number.isFinite(value) || value < 0 || value > 1000)) {
      setProblem('Points are between 0 and 1000, or empty for each question’s own.');
      return;
    }
    setProblem(null);
    add.mutate(
      { kind: 'fixed', page: pageId, questions: [...chosen.keys()], points: value },
      { onSuccess: onClose },
    );
  };
  const rows = list.data?.results;
  return (
    <FormDialog open onClose={onClose} title="Add questions from the bank" maxWidth="md">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {(problem || add.isError) && (
          <Alert severity="error" role="alert">
            {problem ?? errorMessage(add.error)}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            label="Search questions"
            type="search"
            size="small"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            sx={{ flex: 2 }}
          />
          <TextField
            select
            label="Category"
            size="small"
            value={category}
            onChange={(event) => {
              setCategory(event.target.value);
              setPage(1);
            }}
            sx={{ flex: 1, minWidth: 150 }}
          >
            <MenuItem value="">All categories</MenuItem>
            {(categories.data?.results ?? []).map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Type"
            size="small"
            value={type}
            onChange={(event) => {
              setType(event.target.value);
              setPage(1);
            }}
            sx={{ flex: 1, minWidth: 150 }}
          >
            <MenuItem value="">All types</MenuItem>
            {QUESTION_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {typeLabel(t)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <LinearProgress
          sx={{ visibility: list.isFetching && rows ? 'visible' : 'hidden' }}
          aria-hidden
        />
        {list.isError && !rows ? (
          <Alert severity="error">{errorMessage(list.error)}</Alert>
        ) : rows?.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 3 }}>
            No active questions match. Write some in the question bank first.
          </Typography>
        ) : (
          <List dense aria-label="Bank questions" sx={{ maxHeight: 360, overflow: 'auto' }}>
            {rows === undefined
              ? Array.from({ length: 4 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Skeleton key={i} height={40} />
                ))
              : rows.map((q) => (
                  <ListItem key={q.id} divider>
                    <FormControlLabel
                      sx={{ width: '100%', mr: 0 }}
                      control={
                        <Checkbox
                          checked={chosen.has(q.id)}
                          onChange={() => toggle(q)}
                          slotProps={{ input: { 'aria-label': `Choose ${q.title}` } }}
                        />
                      }
                      label={
                        <ListItemText
                          primary={q.title}
                          secondary={[typeLabel(q.type), q.category_name, q.tags.join(', ')]
                            .filter(Boolean)
                            .join(' · ')}
                        />
                      }
                    />
                  </ListItem>
                ))}
          </List>
        )}
        <TablePagination
          component="div"
          {...pageCountProps(list.data)}
          page={list.data ? page - 1 : 0}
          onPageChange={(_event, next) => setPage(next + 1)}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[]}
        />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Stack
            direction="row"
            spacing={0.5}
            useFlexGap
            sx={{ flex: 1, flexWrap: 'wrap' }}
            aria-live="polite"
          >
            <Typography variant="body2" sx={{ mr: 1 }}>
              {plural(chosen.size, 'question')} chosen
            </Typography>
            {[...chosen.values()].map((q) => (
              <Chip key={q.id} size="small" label={q.title} onDelete={() => toggle(q)} />
            ))}
          </Stack>
          <TextField
            label="Points each"
            size="small"
            type="number"
            value={points}
            onChange={(event) => setPoints(event.target.value)}
            helperText="Empty: each question’s own"
            slotProps={{ htmlInput: { min: 0, max: 1000, step: 0.5 } }}
            sx={{ width: 170 }}
          />
        </Stack>
        <FormFooter
          submitLabel={chosen.size > 0 ? `Add ${plural(chosen.size, 'question')}` : 'Add'}
          busy={add.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
