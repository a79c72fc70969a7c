import type { TDefinitionOf, TQuestionType } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { EditorErrors } from './definition-model.ts';

/* Small pieces every type's editor is made of: numbers, row buttons, lists of typed answers. */

export interface TypeEditorProps<T extends TQuestionType> {
  value: TDefinitionOf<T>;
  onChange: (next: TDefinitionOf<T>) => void;
  errors: EditorErrors;
}

/** The messages of a list itself (e.g. "Mark exactly one option correct."), not of its rows. */
export function ListErrors({ errors, path }: { errors: EditorErrors; path: string }) {
  const own = errors[path];
  if (!own) return null;
  return (
    <FormHelperText error role="alert">
      {own}
    </FormHelperText>
  );
}

/** A row's id problem (repeated, or no longer in the text): ids have no input of their own. */
export function RowIdError({ errors, path }: { errors: EditorErrors; path: string }) {
  const message = errors[`${path}.id`];
  return message ? <FormHelperText error>{message}</FormHelperText> : null;
}

/** A number input whose empty state is NaN, which the contract's check names as not a number. */
export function NumberField({
  value,
  onNumber,
  error,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange' | 'error'> & {
  value: number | null;
  onNumber: (value: number) => void;
  error?: string;
}) {
  return (
    <TextField
      {...props}
      type="number"
      value={value === null || Number.isNaN(value) ? '' : value}
      onChange={(event) =>
        onNumber(event.target.value === '' ? Number.NaN : Number(event.target.value))
      }
      error={Boolean(error)}
      helperText={error ?? props.helperText}
    />
  );
}

/** Move up, move down and remove for a row of a list; `what` names the row for screen readers. */
export function RowButtons({
  what,
  index,
  count,
  min,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  /** Rows the contract needs at least: removing below it is refused before the server does. */
  min: number;
  onMove?: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  return (
    <Stack direction="row" sx={{ flexShrink: 0, alignItems: 'center' }}>
      {onMove && (
        <>
          <Tooltip title="Move up">
            <span>
              <IconButton
                size="small"
                aria-label={`Move ${what} up`}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                <ArrowUpwardOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Move down">
            <span>
              <IconButton
                size="small"
                aria-label={`Move ${what} down`}
                disabled={index === count - 1}
                onClick={() => onMove(index, index + 1)}
              >
                <ArrowDownwardOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      )}
      <Tooltip title="Remove">
        <span>
          <IconButton
            size="small"
            aria-label={`Remove ${what}`}
            disabled={count <= min}
            onClick={onRemove}
          >
            <DeleteOutlineOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      size="small"
      startIcon={<AddOutlined />}
      onClick={onClick}
      sx={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );
}

export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [row] = next.splice(from, 1);
  if (row !== undefined) next.splice(to, 0, row);
  return next;
}

/** Accepted answers (short answer, one blank): one text field each, at least one. */
export function AcceptedAnswers({
  label,
  values,
  onChange,
  errors,
  path,
}: {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  errors: EditorErrors;
  path: string;
}) {
  return (
    <Stack spacing={1}>
      {values.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: plain strings have no identity but their place
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={`${label} ${i + 1}`}
            value={text}
            size="small"
            fullWidth
            onChange={(e) => onChange(values.map((v, j) => (j === i ? e.target.value : v)))}
            error={Boolean(errors[`${path}.${i}`])}
            helperText={errors[`${path}.${i}`]}
          />
          <RowButtons
            what={`${label.toLowerCase()} ${i + 1}`}
            index={i}
            count={values.length}
            min={1}
            onRemove={() => onChange(values.filter((_, j) => j !== i))}
          />
        </Stack>
      ))}
      <ListErrors errors={errors} path={path} />
      <AddButton label="Add an accepted answer" onClick={() => onChange([...values, ''])} />
    </Stack>
  );
}
