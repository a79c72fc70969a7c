import { COMPETENCY_NAME_MAX, COMPETENCY_SCALE_MAX_LEVELS } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** A level being edited; `key` keeps a row's input (and focus) when rows above it go. */
export interface DraftLevel {
  key: number;
  name: string;
}

let nextKey = 1;
export const draftLevels = (names: string[]): DraftLevel[] =>
  names.map((name) => ({ key: nextKey++, name }));

/**
 * The proficiency scale as rows, lowest first: rename, add (up to the contract's maximum) or
 * remove a level. Levels are numbered by position, so removing one renumbers those above it;
 * the server refuses a scale shorter than the highest level in use.
 */
export function ScaleEditor({
  levels,
  onChange,
  error,
  levelError,
  disabled,
}: {
  levels: DraftLevel[];
  onChange: (levels: DraftLevel[]) => void;
  /** An error about the whole scale (too short for what uses it, numbering). */
  error?: string;
  /** An error about one level's name, by index. */
  levelError: (index: number) => string | undefined;
  disabled?: boolean;
}) {
  const headingId = useId();
  const helpId = useId();
  const rename = (key: number, name: string) =>
    onChange(levels.map((l) => (l.key === key ? { ...l, name } : l)));
  return (
    <Stack
      component="fieldset"
      spacing={1.25}
      aria-labelledby={headingId}
      aria-describedby={helpId}
      sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
    >
      <Typography component="legend" id={headingId} variant="subtitle2" sx={{ mb: 0.5 }}>
        Proficiency scale
      </Typography>
      <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary' }}>
        Lowest level first. Removing a level renumbers the levels above it.
      </Typography>
      {levels.map((l, i) => (
        <Stack key={l.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            fullWidth
            label={`Level ${i + 1}`}
            value={l.name}
            onChange={(e) => rename(l.key, e.target.value)}
            required
            disabled={disabled}
            error={Boolean(levelError(i))}
            helperText={levelError(i)}
            slotProps={{ htmlInput: { maxLength: COMPETENCY_NAME_MAX } }}
          />
          <IconButton
            aria-label={`Remove level ${i + 1}`}
            onClick={() => onChange(levels.filter((x) => x.key !== l.key))}
            disabled={disabled || levels.length <= 1}
          >
            <DeleteOutlined />
          </IconButton>
        </Stack>
      ))}
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
      <div>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => onChange([...levels, ...draftLevels([''])])}
          disabled={disabled || levels.length >= COMPETENCY_SCALE_MAX_LEVELS}
        >
          Add level
        </Button>
      </div>
    </Stack>
  );
}
