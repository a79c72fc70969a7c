import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { cleanTag } from '../../authoring/course-form.ts';

const MAX_TAGS = 20;

/** Free-text tags as chips: Enter or a comma adds one; Backspace removes the last. */
export function TagsField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const add = (raw: string[]) =>
    onChange([...new Set(raw.map(cleanTag).filter((tag) => tag !== ''))].slice(0, MAX_TAGS));
  return (
    <Autocomplete
      multiple
      freeSolo
      // Text typed but not yet confirmed becomes a tag when the field loses focus.
      autoSelect
      options={[]}
      value={value}
      disabled={disabled}
      onChange={(_event, next) => add(next as string[])}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} label={tag} size="small" {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Tags"
          error={Boolean(error)}
          helperText={
            error ?? (disabled ? undefined : `Press Enter after each tag; at most ${MAX_TAGS}.`)
          }
          onKeyDown={(event) => {
            // A comma ends a tag too, as people type lists that way.
            const input = event.target as HTMLInputElement;
            if (event.key === ',' && input.value.trim()) {
              event.preventDefault();
              add([...value, input.value]);
              input.value = '';
            }
          }}
        />
      )}
    />
  );
}
