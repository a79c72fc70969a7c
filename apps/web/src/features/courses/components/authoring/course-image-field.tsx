import { COURSE_IMAGE_MAX_BYTES, COURSE_IMAGE_TYPES } from '@atrium/contract';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
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

const RULE = { allowed: COURSE_IMAGE_TYPES, maxBytes: COURSE_IMAGE_MAX_BYTES };

export interface CourseImageValue {
  /** A newly chosen image, sent with the form. */
  file: File | null;
  /** True when the stored image should go. */
  remove: boolean;
}

/**
 * The course image with a preview: the stored one (`current`, a URL) until another is chosen or
 * it is removed. Nothing is sent until the form is saved.
 */
export function CourseImageField({
  current,
  value,
  onChange,
  error,
  disabled,
}: {
  current: string | null;
  value: CourseImageValue;
  onChange: (value: CourseImageValue) => void;
  error?: string;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(
    () => (value.file ? URL.createObjectURL(value.file) : null),
    [value.file],
  );
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  const shown = preview ?? (value.remove ? null : current);
  const message = problem ?? error;

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <Box
        sx={{
          width: { xs: '100%', sm: 200 },
          aspectRatio: '16 / 9',
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt="Course image preview"
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <ImageOutlined sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
        )}
      </Box>
      {/* Read-only: the picture alone, no buttons to press. */}
      <Stack spacing={1} sx={{ minWidth: 0, display: disabled ? 'none' : 'flex' }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            size="small"
            disabled={disabled}
            onClick={() => input.current?.click()}
            aria-describedby={hintId}
          >
            {shown ? 'Replace image' : 'Add an image'}
          </Button>
          {shown && (
            <Button
              size="small"
              color="inherit"
              disabled={disabled}
              onClick={() => {
                setProblem(null);
                onChange({ file: null, remove: current !== null });
              }}
            >
              Remove image
            </Button>
          )}
        </Stack>
        <Typography
          id={hintId}
          variant="caption"
          role={message ? 'alert' : undefined}
          sx={{ color: message ? 'error.main' : 'text.secondary', overflowWrap: 'anywhere' }}
        >
          {message ??
            (value.file
              ? `${value.file.name}, ${formatBytes(value.file.size)} — saved with the course.`
              : `Optional. ${describeTypes(RULE.allowed)}, at most ${formatBytes(RULE.maxBytes)}.`)}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptAttribute(RULE)}
        aria-label="Course image file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const found = fileProblem(file, RULE);
          setProblem(found);
          if (!found) onChange({ file, remove: false });
        }}
      />
    </Stack>
  );
}
