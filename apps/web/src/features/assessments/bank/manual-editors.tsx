import type { TDefinitionOf } from '@atrium/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type EditorErrors, nextId } from './definition-model.ts';
import {
  AddButton,
  ListErrors,
  moved,
  NumberField,
  RowButtons,
  RowIdError,
  type TypeEditorProps,
} from './editor-parts.tsx';

/* Editors of the types a reviewer grades: essays and uploads, each with an optional rubric. */

const D = 'definition';
type Rubric = TDefinitionOf<'essay'>['rubric'];
const MB = 1024 * 1024;

/** Criteria whose points add up to the question's; the running total says how far off it is. */
function RubricEditor({
  rubric,
  points,
  onChange,
  errors,
}: {
  rubric: Rubric;
  points: number;
  onChange: (rubric: Rubric) => void;
  errors: EditorErrors;
}) {
  const total = rubric.reduce((sum, c) => sum + (Number.isFinite(c.points) ? c.points : 0), 0);
  return (
    <Stack spacing={1.5}>
      <FormLabel component="legend">
        Rubric (optional): the reviewer gives points per criterion
      </FormLabel>
      {rubric.map((c, i) => (
        <Paper key={c.id} variant="outlined" sx={{ p: 1.5 }}>
          <Stack spacing={1}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                label={`Criterion ${i + 1}`}
                value={c.title}
                size="small"
                fullWidth
                onChange={(e) =>
                  onChange(rubric.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))
                }
                error={Boolean(errors[`${D}.rubric.${i}.title`])}
                helperText={errors[`${D}.rubric.${i}.title`]}
              />
              <NumberField
                label={`Criterion ${i + 1} points`}
                size="small"
                value={c.points}
                onNumber={(n) =>
                  onChange(rubric.map((x, j) => (j === i ? { ...x, points: n } : x)))
                }
                error={errors[`${D}.rubric.${i}.points`]}
                sx={{ width: { sm: 160 } }}
              />
              <RowButtons
                what={`criterion ${i + 1}`}
                index={i}
                count={rubric.length}
                min={0}
                onMove={(from, to) => onChange(moved(rubric, from, to))}
                onRemove={() => onChange(rubric.filter((_, j) => j !== i))}
              />
            </Stack>
            <TextField
              label={`Criterion ${i + 1} description`}
              value={c.description}
              size="small"
              multiline
              minRows={2}
              onChange={(e) =>
                onChange(
                  rubric.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)),
                )
              }
            />
            <RowIdError errors={errors} path={`${D}.rubric.${i}`} />
          </Stack>
        </Paper>
      ))}
      {rubric.length > 0 && (
        <Typography
          variant="body2"
          sx={{ color: Math.abs(total - points) < 0.005 ? 'text.secondary' : 'warning.main' }}
        >
          Criteria total {Math.round(total * 100) / 100} of the question’s {points} points.
        </Typography>
      )}
      <ListErrors errors={errors} path={`${D}.rubric`} />
      <AddButton
        label="Add a criterion"
        onClick={() =>
          onChange([
            ...rubric,
            {
              id: nextId('c', rubric),
              title: '',
              description: '',
              points: rubric.length === 0 ? points : 1,
            },
          ])
        }
      />
    </Stack>
  );
}

function ReviewerNotes({ value, onChange }: { value: string; onChange: (notes: string) => void }) {
  return (
    <TextField
      label="Notes for the reviewer"
      helperText="Never shown to learners."
      value={value}
      multiline
      minRows={2}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function EssayEditor({ value, onChange, errors }: TypeEditorProps<'essay'>) {
  const limit = (n: number) => (Number.isNaN(n) ? null : n);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberField
          label="Minimum words"
          value={value.min_words}
          onNumber={(n) => onChange({ ...value, min_words: limit(n) })}
          error={errors[`${D}.min_words`]}
          helperText="Empty: no minimum"
        />
        <NumberField
          label="Maximum words"
          value={value.max_words}
          onNumber={(n) => onChange({ ...value, max_words: limit(n) })}
          error={errors[`${D}.max_words`]}
          helperText="Empty: no maximum"
        />
      </Stack>
      <RubricEditor
        rubric={value.rubric}
        points={value.points}
        onChange={(rubric) => onChange({ ...value, rubric })}
        errors={errors}
      />
      <ReviewerNotes
        value={value.reviewer_notes}
        onChange={(reviewer_notes) => onChange({ ...value, reviewer_notes })}
      />
    </Stack>
  );
}

export function FileUploadEditor({ value, onChange, errors }: TypeEditorProps<'file_upload'>) {
  const typeError =
    errors[`${D}.allowed_types`] ??
    Object.entries(errors).find(([k]) => k.startsWith(`${D}.allowed_types.`))?.[1];
  return (
    <Stack spacing={2}>
      <Autocomplete
        multiple
        freeSolo
        options={['pdf', 'docx', 'xlsx', 'pptx', 'txt', 'png', 'jpg', 'zip']}
        value={value.allowed_types}
        onChange={(_, types) =>
          onChange({
            ...value,
            allowed_types: [
              ...new Set(types.map((t) => t.trim().replace(/^\./, '').toLowerCase())),
            ],
          })
        }
        renderValue={(types, getItemProps) =>
          types.map((t, index) => {
            const { key, ...props } = getItemProps({ index });
            return <Chip key={key} label={t} size="small" {...props} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Allowed file types"
            error={Boolean(typeError)}
            helperText={typeError ?? 'Extensions such as pdf; press Enter after each.'}
          />
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberField
          label="Largest file (MB)"
          value={Math.round((value.max_bytes / MB) * 100) / 100}
          onNumber={(n) => onChange({ ...value, max_bytes: Math.round(n * MB) })}
          error={errors[`${D}.max_bytes`] && 'Give a size from 1 byte to 100 MB.'}
          slotProps={{ htmlInput: { min: 0.01, max: 100, step: 'any' } }}
        />
        <NumberField
          label="Files a learner may upload"
          value={value.max_files}
          onNumber={(n) => onChange({ ...value, max_files: n })}
          error={errors[`${D}.max_files`] && 'From 1 to 10 files.'}
          slotProps={{ htmlInput: { min: 1, max: 10 } }}
        />
      </Stack>
      <RubricEditor
        rubric={value.rubric}
        points={value.points}
        onChange={(rubric) => onChange({ ...value, rubric })}
        errors={errors}
      />
      <ReviewerNotes
        value={value.reviewer_notes}
        onChange={(reviewer_notes) => onChange({ ...value, reviewer_notes })}
      />
    </Stack>
  );
}
