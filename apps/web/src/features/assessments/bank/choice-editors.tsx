import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { nextId } from './definition-model.ts';
import {
  AcceptedAnswers,
  AddButton,
  ListErrors,
  moved,
  NumberField,
  RowButtons,
  RowIdError,
  type TypeEditorProps,
} from './editor-parts.tsx';

/* Editors of the objective types with one list or value: choices, true/false, typed, numeric. */

const D = 'definition';

/** Single and multiple choice: options with their correct marks (one, or any, respectively). */
export function ChoiceEditor({
  value,
  onChange,
  errors,
}: TypeEditorProps<'single_choice'> | TypeEditorProps<'multiple_choice'>) {
  const single = value.type === 'single_choice';
  type Option = (typeof value.options)[number];
  const set = (options: Option[]) => onChange({ ...value, options } as never);
  const mark = (index: number, correct: boolean) =>
    set(
      value.options.map((o, i) =>
        i === index ? { ...o, correct } : single && correct ? { ...o, correct: false } : o,
      ),
    );
  return (
    <Stack spacing={1.5}>
      <FormLabel component="legend">
        Options — {single ? 'mark the one correct option' : 'mark every correct option'}
      </FormLabel>
      {value.options.map((option, i) => (
        <Stack key={option.id} spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {single ? (
              <Radio
                checked={option.correct}
                onChange={(e) => mark(i, e.target.checked)}
                slotProps={{ input: { 'aria-label': `Option ${i + 1} is correct` } }}
              />
            ) : (
              <Checkbox
                checked={option.correct}
                onChange={(e) => mark(i, e.target.checked)}
                slotProps={{ input: { 'aria-label': `Option ${i + 1} is correct` } }}
              />
            )}
            <TextField
              label={`Option ${i + 1}`}
              value={option.text}
              size="small"
              fullWidth
              multiline
              onChange={(e) =>
                set(value.options.map((o, j) => (j === i ? { ...o, text: e.target.value } : o)))
              }
              error={Boolean(errors[`${D}.options.${i}.text`])}
              helperText={errors[`${D}.options.${i}.text`]}
            />
            <RowButtons
              what={`option ${i + 1}`}
              index={i}
              count={value.options.length}
              min={2}
              onMove={(from, to) => set(moved(value.options, from, to))}
              onRemove={() => set(value.options.filter((_, j) => j !== i))}
            />
          </Stack>
          <RowIdError errors={errors} path={`${D}.options.${i}`} />
        </Stack>
      ))}
      <ListErrors errors={errors} path={`${D}.options`} />
      <AddButton
        label="Add an option"
        onClick={() =>
          set([...value.options, { id: nextId('o', value.options), text: '', correct: false }])
        }
      />
      {value.type === 'multiple_choice' && (
        <TextField
          select
          label="Scoring"
          value={value.scoring}
          onChange={(e) =>
            onChange({ ...value, scoring: e.target.value as typeof value.scoring } as never)
          }
          helperText={
            value.scoring === 'per_option'
              ? 'Partial credit: (right picks − wrong picks) ÷ correct options, never below 0.'
              : 'Full points only when exactly the correct options are picked.'
          }
          sx={{ maxWidth: 360 }}
        >
          <MenuItem value="all_or_nothing">All or nothing</MenuItem>
          <MenuItem value="per_option">Partial credit per option</MenuItem>
        </TextField>
      )}
    </Stack>
  );
}

export function TrueFalseEditor({ value, onChange }: TypeEditorProps<'true_false'>) {
  return (
    <FormControl>
      <FormLabel id="tf-correct">The statement is</FormLabel>
      <RadioGroup
        row
        aria-labelledby="tf-correct"
        value={value.correct ? 'true' : 'false'}
        onChange={(e) => onChange({ ...value, correct: e.target.value === 'true' })}
      >
        <FormControlLabel value="true" control={<Radio />} label="True" />
        <FormControlLabel value="false" control={<Radio />} label="False" />
      </RadioGroup>
    </FormControl>
  );
}

export function ShortAnswerEditor({ value, onChange, errors }: TypeEditorProps<'short_answer'>) {
  return (
    <Stack spacing={1}>
      <AcceptedAnswers
        label="Accepted answer"
        values={value.accepted}
        onChange={(accepted) => onChange({ ...value, accepted })}
        errors={errors}
        path={`${D}.accepted`}
      />
      <FormControlLabel
        control={
          <Switch
            checked={value.case_sensitive}
            onChange={(e) => onChange({ ...value, case_sensitive: e.target.checked })}
          />
        }
        label="Case-sensitive (otherwise “Paris” and “paris” both count)"
      />
    </Stack>
  );
}

export function NumericEditor({ value, onChange, errors }: TypeEditorProps<'numeric'>) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <NumberField
        label="Correct value"
        value={value.value}
        onNumber={(n) => onChange({ ...value, value: n })}
        error={errors[`${D}.value`]}
      />
      <NumberField
        label="Tolerance"
        value={value.tolerance}
        onNumber={(n) => onChange({ ...value, tolerance: n })}
        error={errors[`${D}.tolerance`]}
        slotProps={{ htmlInput: { min: 0, step: 'any' } }}
      />
      <TextField
        select
        label="Tolerance is"
        value={value.tolerance_mode}
        onChange={(e) =>
          onChange({ ...value, tolerance_mode: e.target.value as typeof value.tolerance_mode })
        }
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="absolute">In the value’s units</MenuItem>
        <MenuItem value="percent">A percentage of the value</MenuItem>
      </TextField>
    </Stack>
  );
}
