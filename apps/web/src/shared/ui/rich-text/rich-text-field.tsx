import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import type { RichTextImages } from './rich-text-images.ts';

// Its own chunk: ProseMirror is large and only authors need it.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/** A labelled rich-text input for forms; the editor loads while a placeholder holds its place. */
export function RichTextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  disabled,
  images,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  /** Lets the author insert images (see RichTextImages); without it the field takes none. */
  images?: RichTextImages;
}) {
  const labelId = useId();
  const helpId = useId();
  const help = error ?? helperText;
  return (
    <Box>
      <Typography
        id={labelId}
        component="div"
        variant="body2"
        sx={{ mb: 0.5, color: error ? 'error.main' : 'text.secondary' }}
      >
        {label}
      </Typography>
      <Suspense
        fallback={
          <Skeleton variant="rounded" height={190} aria-label={`Loading the ${label} editor`} />
        }
      >
        <RichTextEditor
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          labelId={labelId}
          describedBy={help ? helpId : undefined}
          error={Boolean(error)}
          disabled={disabled}
          images={images}
        />
      </Suspense>
      {help && (
        <FormHelperText id={helpId} error={Boolean(error)} sx={{ mx: 1.75 }}>
          {help}
        </FormHelperText>
      )}
    </Box>
  );
}
