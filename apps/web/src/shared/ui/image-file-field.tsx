import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  acceptAttribute,
  describeTypes,
  type FileRule,
  fileProblem,
  formatBytes,
} from '../files/file-rules.ts';

/** What a form holds for an optional image: a new file, or the stored one removed. */
export interface ImageChoice {
  file: File | null;
  remove: boolean;
}

/**
 * An optional image in a form: a preview (the chosen file, else the stored image unless it is
 * being removed), Add/Replace, Remove and Keep current; the file is checked against `rule`
 * before it is taken. Nothing is sent until the form is saved.
 */
export function ImageFileField({
  rule,
  current,
  value,
  onChange,
  error,
  disabled,
  inputLabel,
  renderPreview,
  testId,
}: {
  rule: FileRule;
  /** The stored image's URL, when there is one. */
  current: string | null;
  value: ImageChoice;
  onChange: (value: ImageChoice) => void;
  error?: string;
  /** Read-only: the picture alone. */
  disabled?: boolean;
  /** Names the hidden file input (what assistive technology and tests find). */
  inputLabel: string;
  renderPreview: (src: string | null) => ReactNode;
  testId?: string;
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
  const changed = value.file !== null || value.remove;

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' } }}
    >
      {renderPreview(shown)}
      <Stack spacing={0.75} sx={{ minWidth: 0, display: disabled ? 'none' : 'flex' }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
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
          {changed && current !== null && (
            <Button
              size="small"
              color="inherit"
              disabled={disabled}
              onClick={() => {
                setProblem(null);
                onChange({ file: null, remove: false });
              }}
            >
              Keep current image
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
              ? `${value.file.name}, ${formatBytes(value.file.size)}: saved with the form.`
              : value.remove
                ? 'The image will be removed when you save.'
                : `Optional. ${describeTypes(rule.allowed)}, at most ${formatBytes(rule.maxBytes)}.`)}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptAttribute(rule)}
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const found = fileProblem(file, rule);
          setProblem(found);
          if (!found) onChange({ file, remove: false });
        }}
      />
    </Stack>
  );
}
