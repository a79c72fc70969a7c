import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { FieldError } from 'react-hook-form';

const HEX = /^#[0-9a-f]{6}$/i;

interface ColourFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: FieldError;
  /** The last valid colour, shown by the swatch while the text is being edited. */
  fallback: string;
}

/**
 * A colour as #RRGGBB text with the browser's colour picker beside it: the picker for the eye,
 * the text for exact brand values (and for keyboard users who know them).
 */
export function ColourField({ label, value, onChange, onBlur, error, fallback }: ColourFieldProps) {
  const swatch = HEX.test(value) ? value.toLowerCase() : fallback;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value.trim())}
      onBlur={onBlur}
      error={error !== undefined}
      helperText={error?.message ?? ' '}
      fullWidth
      slotProps={{
        htmlInput: { maxLength: 7, spellCheck: false, autoCapitalize: 'off' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                value={swatch}
                aria-label={`${label} colour picker`}
                onChange={(event) => onChange((event.target as HTMLInputElement).value)}
                sx={{
                  width: 32,
                  height: 32,
                  p: 0,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  '&::-webkit-color-swatch-wrapper': { p: 0 },
                  '&::-webkit-color-swatch': { border: 'none', borderRadius: '6px' },
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
