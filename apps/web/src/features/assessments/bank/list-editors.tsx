import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RichTextField } from '../../../shared/ui/rich-text/rich-text-field.tsx';
import { nextId, syncBlanks } from './definition-model.ts';
import {
  AcceptedAnswers,
  AddButton,
  ListErrors,
  moved,
  RowButtons,
  RowIdError,
  type TypeEditorProps,
} from './editor-parts.tsx';
import { questionTextImages } from './question-images.ts';

/* Editors of the types built from several lists: matching pairs, ordering, blanks in a text. */

const D = 'definition';

export function MatchingEditor({ value, onChange, errors }: TypeEditorProps<'matching'>) {
  const { premises, responses } = value;
  const responseLabel = (id: string) => {
    const i = responses.findIndex((r) => r.id === id);
    return i < 0 ? id : `Response ${i + 1}${responses[i]?.text ? `: ${responses[i].text}` : ''}`;
  };
  return (
    <Stack spacing={2}>
      <Stack spacing={1.5}>
        <FormLabel component="legend">Premises and the response each matches</FormLabel>
        {premises.map((p, i) => (
          <Stack key={p.id} spacing={0.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                label={`Premise ${i + 1}`}
                value={p.text}
                size="small"
                fullWidth
                onChange={(e) =>
                  onChange({
                    ...value,
                    premises: premises.map((x, j) =>
                      j === i ? { ...x, text: e.target.value } : x,
                    ),
                  })
                }
                error={Boolean(errors[`${D}.premises.${i}.text`])}
                helperText={errors[`${D}.premises.${i}.text`]}
              />
              <TextField
                select
                label={`Premise ${i + 1} matches`}
                value={p.response}
                size="small"
                sx={{ minWidth: { sm: 220 } }}
                onChange={(e) =>
                  onChange({
                    ...value,
                    premises: premises.map((x, j) =>
                      j === i ? { ...x, response: e.target.value } : x,
                    ),
                  })
                }
                error={Boolean(errors[`${D}.premises.${i}.response`])}
                helperText={errors[`${D}.premises.${i}.response`]}
              >
                {responses.map((r) => (
                  <MenuItem key={r.id} value={r.id}>
                    {responseLabel(r.id)}
                  </MenuItem>
                ))}
                {!responses.some((r) => r.id === p.response) && (
                  <MenuItem value={p.response} disabled>
                    (removed response)
                  </MenuItem>
                )}
              </TextField>
              <RowButtons
                what={`premise ${i + 1}`}
                index={i}
                count={premises.length}
                min={2}
                onRemove={() =>
                  onChange({ ...value, premises: premises.filter((_, j) => j !== i) })
                }
              />
            </Stack>
            <RowIdError errors={errors} path={`${D}.premises.${i}`} />
          </Stack>
        ))}
        <ListErrors errors={errors} path={`${D}.premises`} />
        <AddButton
          label="Add a premise"
          onClick={() =>
            onChange({
              ...value,
              premises: [
                ...premises,
                {
                  id: nextId('p', [...premises, ...responses]),
                  text: '',
                  response: responses[0]?.id ?? '',
                },
              ],
            })
          }
        />
      </Stack>
      <Stack spacing={1.5}>
        <FormLabel component="legend">
          Responses (those no premise matches are distractors)
        </FormLabel>
        {responses.map((r, i) => (
          <Stack key={r.id} spacing={0.5}>
            <Stack direction="row" spacing={1}>
              <TextField
                label={`Response ${i + 1}`}
                value={r.text}
                size="small"
                fullWidth
                onChange={(e) =>
                  onChange({
                    ...value,
                    responses: responses.map((x, j) =>
                      j === i ? { ...x, text: e.target.value } : x,
                    ),
                  })
                }
                error={Boolean(errors[`${D}.responses.${i}.text`])}
                helperText={errors[`${D}.responses.${i}.text`]}
              />
              <RowButtons
                what={`response ${i + 1}`}
                index={i}
                count={responses.length}
                min={2}
                onRemove={() =>
                  onChange({ ...value, responses: responses.filter((_, j) => j !== i) })
                }
              />
            </Stack>
            <RowIdError errors={errors} path={`${D}.responses.${i}`} />
          </Stack>
        ))}
        <ListErrors errors={errors} path={`${D}.responses`} />
        <AddButton
          label="Add a response"
          onClick={() =>
            onChange({
              ...value,
              responses: [...responses, { id: nextId('r', [...premises, ...responses]), text: '' }],
            })
          }
        />
      </Stack>
    </Stack>
  );
}

export function OrderingEditor({ value, onChange, errors }: TypeEditorProps<'ordering'>) {
  const set = (items: typeof value.items) => onChange({ ...value, items });
  return (
    <Stack spacing={1.5}>
      <FormLabel component="legend">
        Items in the correct order (learners see them shuffled)
      </FormLabel>
      {value.items.map((item, i) => (
        <Stack key={item.id} spacing={0.5}>
          <Stack direction="row" spacing={1}>
            <TextField
              label={`Item ${i + 1}`}
              value={item.text}
              size="small"
              fullWidth
              onChange={(e) =>
                set(value.items.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))
              }
              error={Boolean(errors[`${D}.items.${i}.text`])}
              helperText={errors[`${D}.items.${i}.text`]}
            />
            <RowButtons
              what={`item ${i + 1}`}
              index={i}
              count={value.items.length}
              min={2}
              onMove={(from, to) => set(moved(value.items, from, to))}
              onRemove={() => set(value.items.filter((_, j) => j !== i))}
            />
          </Stack>
          <RowIdError errors={errors} path={`${D}.items.${i}`} />
        </Stack>
      ))}
      <ListErrors errors={errors} path={`${D}.items`} />
      <AddButton
        label="Add an item"
        onClick={() => set([...value.items, { id: nextId('i', value.items), text: '' }])}
      />
    </Stack>
  );
}

/** The text names its blanks as [[id]]; each blank found gets its accepted answers below. */
export function BlanksEditor({ value, onChange, errors }: TypeEditorProps<'fill_in_blanks'>) {
  return (
    <Stack spacing={2}>
      <RichTextField
        label="Text with blanks"
        value={value.text}
        onChange={(text) => onChange({ ...value, text, blanks: syncBlanks(text, value.blanks) })}
        error={errors[`${D}.text`]}
        helperText="Write [[b1]], [[b2]]… where each blank goes (letters, digits, - or _). Images may go in the text too."
        images={questionTextImages}
      />
      {value.blanks.length === 0 ? (
        <Alert severity="info">No blanks yet: add a marker such as [[b1]] to the text.</Alert>
      ) : (
        value.blanks.map((blank, i) => (
          <Paper key={blank.id} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Blank [[{blank.id}]]
            </Typography>
            <AcceptedAnswers
              label="Accepted answer"
              values={blank.accepted}
              onChange={(accepted) =>
                onChange({
                  ...value,
                  blanks: value.blanks.map((b, j) => (j === i ? { ...b, accepted } : b)),
                })
              }
              errors={errors}
              path={`${D}.blanks.${i}.accepted`}
            />
            <RowIdError errors={errors} path={`${D}.blanks.${i}`} />
            <FormControlLabel
              control={
                <Switch
                  checked={blank.case_sensitive}
                  onChange={(e) =>
                    onChange({
                      ...value,
                      blanks: value.blanks.map((b, j) =>
                        j === i ? { ...b, case_sensitive: e.target.checked } : b,
                      ),
                    })
                  }
                />
              }
              label="Case-sensitive"
            />
          </Paper>
        ))
      )}
      <ListErrors errors={errors} path={`${D}.blanks`} />
    </Stack>
  );
}
