import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { STAR_LABELS } from './review-stats.ts';

/**
 * Read-only stars for a rating (whole or fractional, e.g. an average). The value is also given as
 * text for assistive technology, since stars alone say nothing to a screen reader.
 */
export function StarRatingDisplay({
  value,
  size = 'small',
}: {
  value: number;
  size?: 'small' | 'medium' | 'large';
}) {
  return (
    <Rating
      value={value}
      precision={0.1}
      readOnly
      size={size}
      aria-label={`${Math.round(value * 10) / 10} out of 5 stars`}
    />
  );
}

/**
 * 1–5 star input, usable with the keyboard (arrow keys move between the stars, as radio buttons
 * do). Shows the name of the hovered or chosen value beside the stars.
 */
export function StarRatingInput({
  value,
  onChange,
  name,
  label = 'Rating',
  disabled = false,
  error,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  name: string;
  label?: string;
  disabled?: boolean;
  error?: string;
}) {
  const [hover, setHover] = useState(-1);
  const shown = hover !== -1 ? hover : value;
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Rating
          name={name}
          value={value}
          disabled={disabled}
          size="large"
          getLabelText={(n) => `${n} star${n === 1 ? '' : 's'}, ${STAR_LABELS[n] ?? ''}`}
          onChange={(_event, next) => onChange(next)}
          onChangeActive={(_event, next) => setHover(next)}
        />
        <Typography variant="body2" sx={{ minWidth: 72, color: 'text.secondary' }} aria-hidden>
          {shown ? STAR_LABELS[shown] : ''}
        </Typography>
      </Stack>
      {error && (
        <Typography variant="caption" role="alert" sx={{ color: 'error.main' }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
