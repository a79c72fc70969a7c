import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { QuestionHtml } from './question-html.tsx';
import type { TypeProps } from './question-model.ts';
import { choiceMark, ReviewMark } from './review-mark.tsx';

/** One option row: the control and its (rich) label, with the review mark when there is one. */
function OptionRow({
  control,
  label,
  mark,
}: {
  control: ReactNode;
  label: ReactNode;
  mark: 'right' | 'wrong' | 'missed' | null;
}) {
  return (
    <Stack
      direction="row"
      sx={{
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        borderRadius: 2,
        px: 1,
        border: 1,
        borderColor: mark === 'wrong' ? 'error.main' : mark ? 'success.main' : 'divider',
      }}
    >
      <FormControlLabel
        control={control as React.ReactElement}
        label={label}
        sx={{ flex: 1, minWidth: 0, mr: 0, py: 0.5 }}
      />
      {mark && <ReviewMark kind={mark} />}
    </Stack>
  );
}

export function SingleChoiceQuestion({
  view,
  answer,
  onChange,
  readOnly,
  solution,
  labelId,
}: TypeProps<'single_choice'>) {
  const selected = answer?.selected ?? null;
  return (
    <RadioGroup
      aria-labelledby={labelId}
      value={selected ?? ''}
      onChange={(_, value) => onChange({ type: 'single_choice', selected: value })}
      sx={{ gap: 1 }}
    >
      {view.options.map((o) => (
        <OptionRow
          key={o.id}
          control={<Radio value={o.id} disabled={readOnly} />}
          label={<QuestionHtml component="span" html={o.text} />}
          mark={solution ? choiceMark(selected === o.id, solution.selected === o.id) : null}
        />
      ))}
    </RadioGroup>
  );
}

export function MultipleChoiceQuestion({
  view,
  answer,
  onChange,
  readOnly,
  solution,
  labelId,
}: TypeProps<'multiple_choice'>) {
  const selected = answer?.selected ?? [];
  const toggle = (id: string, on: boolean) =>
    onChange({
      type: 'multiple_choice',
      // Kept in the options' order, so the same choice always saves the same answer.
      selected: view.options.map((o) => o.id).filter((x) => (x === id ? on : selected.includes(x))),
    });
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Select all that apply.
      </Typography>
      <FormGroup aria-labelledby={labelId} sx={{ gap: 1 }}>
        {view.options.map((o) => (
          <OptionRow
            key={o.id}
            control={
              <Checkbox
                checked={selected.includes(o.id)}
                disabled={readOnly}
                onChange={(e) => toggle(o.id, e.target.checked)}
              />
            }
            label={<QuestionHtml component="span" html={o.text} />}
            mark={
              solution
                ? choiceMark(selected.includes(o.id), solution.selected.includes(o.id))
                : null
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}

export function TrueFalseQuestion({
  answer,
  onChange,
  readOnly,
  solution,
  labelId,
}: TypeProps<'true_false'>) {
  const value = answer?.value ?? null;
  return (
    <RadioGroup
      aria-labelledby={labelId}
      value={value === null ? '' : String(value)}
      onChange={(_, v) => onChange({ type: 'true_false', value: v === 'true' })}
      sx={{ gap: 1 }}
    >
      {[true, false].map((v) => (
        <OptionRow
          key={String(v)}
          control={<Radio value={String(v)} disabled={readOnly} />}
          label={v ? 'True' : 'False'}
          mark={solution ? choiceMark(value === v, solution.value === v) : null}
        />
      ))}
    </RadioGroup>
  );
}
