import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';

/**
 * A search box that answers once the typing settles (trimmed). It grows in a row of filters;
 * `fullWidth` lets it take a line of its own on phones (below the sm breakpoint).
 */
export function SearchField({
  label,
  value,
  onChange,
  fullWidth = false,
}: {
  label: string;
  value: string;
  onChange: (search: string) => void;
  fullWidth?: boolean;
}) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typing settles, not on every change of value
  useEffect(() => {
    if (debounced.trim() !== value) onChange(debounced.trim());
  }, [debounced]);
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ flex: 1, minWidth: fullWidth ? { xs: 0, sm: 220 } : 200 }}
      fullWidth={fullWidth}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { maxLength: 100 },
      }}
    />
  );
}
