import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  acceptAttribute,
  describeTypes,
  type FileRule,
  fileProblem,
  formatBytes,
} from '../files/file-rules.ts';

interface PhotoPickerProps {
  rule: FileRule;
  value: File | null;
  onChange: (file: File | null) => void;
  /** Initials shown while there is no photo. */
  fallback: string;
  /** A server-side problem with the photo, shown under it. */
  error?: string;
}

/** Picks an optional photo for a form and previews it before anything is sent. */
export function PhotoPicker({ rule, value, onChange, fallback, error }: PhotoPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const message = problem ?? error;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        src={preview ?? undefined}
        alt={value ? 'Chosen photo' : ''}
        sx={{ width: 64, height: 64, bgcolor: 'secondary.main', fontSize: '1.3rem' }}
      >
        {fallback || <PhotoCameraOutlined />}
      </Avatar>
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="outlined"
            onClick={() => input.current?.click()}
            aria-describedby={hintId}
          >
            {value ? 'Change photo' : 'Add a photo'}
          </Button>
          {value && (
            <Button size="small" color="inherit" onClick={() => onChange(null)}>
              Remove
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
            (value
              ? `${value.name}, ${formatBytes(value.size)}`
              : `Optional. ${describeTypes(rule.allowed)}, at most ${formatBytes(rule.maxBytes)}.`)}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptAttribute(rule)}
        aria-label="Photo file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const found = fileProblem(file, rule);
          setProblem(found);
          if (!found) onChange(file);
        }}
      />
    </Stack>
  );
}
