import { CATEGORY_IMAGE_MAX_BYTES, CATEGORY_IMAGE_TYPES } from '@atrium/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  acceptAttribute,
  describeTypes,
  fileProblem,
  formatBytes,
} from '../../../../shared/files/file-rules.ts';
import { CourseImage } from './course-image.tsx';

export const CATEGORY_IMAGE_RULE = {
  allowed: CATEGORY_IMAGE_TYPES,
  maxBytes: CATEGORY_IMAGE_MAX_BYTES,
};

/**
 * The category picture: a preview of the chosen file (or the current image), with choose,
 * change and remove. Nothing is sent until the form is saved.
 */
export function CategoryImageField({
  file,
  onFile,
  current,
  removed,
  onRemove,
  name,
  error,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  /** The saved image, when editing. */
  current?: string | null;
  removed?: boolean;
  onRemove?: (removed: boolean) => void;
  name: string;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  const shown = preview ?? (removed ? null : (current ?? null));
  const message = problem ?? error;

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <Box sx={{ width: { xs: '100%', sm: 180 }, flexShrink: 0 }}>
        <CourseImage src={shown} title={name || 'Category'} height={110} radius={8} />
      </Box>
      <Stack spacing={0.75} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="outlined"
            onClick={() => input.current?.click()}
            aria-describedby={hintId}
          >
            {shown ? 'Change image' : 'Add an image'}
          </Button>
          {file ? (
            <Button size="small" color="inherit" onClick={() => onFile(null)}>
              {current && !removed ? 'Keep current' : 'Remove'}
            </Button>
          ) : (
            current &&
            onRemove && (
              <Button size="small" color="inherit" onClick={() => onRemove(!removed)}>
                {removed ? 'Keep image' : 'Remove image'}
              </Button>
            )
          )}
        </Stack>
        <Typography
          id={hintId}
          variant="caption"
          role={message ? 'alert' : undefined}
          sx={{ color: message ? 'error.main' : 'text.secondary', overflowWrap: 'anywhere' }}
        >
          {message ??
            (file
              ? `${file.name}, ${formatBytes(file.size)}`
              : removed
                ? 'The image will be removed when you save.'
                : `Optional. ${describeTypes(CATEGORY_IMAGE_RULE.allowed)}, at most ${formatBytes(CATEGORY_IMAGE_RULE.maxBytes)}.`)}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptAttribute(CATEGORY_IMAGE_RULE)}
        aria-label="Category image file"
        data-testid="category-image-input"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (!chosen) return;
          const found = fileProblem(chosen, CATEGORY_IMAGE_RULE);
          setProblem(found);
          if (!found) onFile(chosen);
        }}
      />
    </Stack>
  );
}
