import { DISCUSSION_MAX_FILES } from '@atrium/contract';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import {
  acceptAttribute,
  describeTypes,
  formatBytes,
} from '../../../../shared/files/file-rules.ts';
import { attachmentProblem } from '../../discussion-format.ts';
import { ATTACHMENT_RULE } from '../../labels.ts';

const fileKey = (f: File) => `${f.name}:${f.size}:${f.lastModified}`;

/**
 * Files to send with a new topic. Each choice is checked here first (count, kind, size): a file
 * the server would refuse is never uploaded, and the ones already chosen stay.
 */
export function AttachmentsField({
  files,
  onChange,
  error,
  onError,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  error?: string;
  onError: (message: string | undefined) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const full = files.length >= DISCUSSION_MAX_FILES;

  const add = (picked: File[]) => {
    // The same file chosen twice goes once.
    const fresh = picked.filter((p) => !files.some((f) => fileKey(f) === fileKey(p)));
    const next = [...files, ...fresh];
    const problem = attachmentProblem(next);
    onError(problem ?? undefined);
    if (!problem) onChange(next);
  };

  return (
    <Stack spacing={1}>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Button
          variant="outlined"
          startIcon={<AttachFileOutlined />}
          onClick={() => input.current?.click()}
          disabled={disabled || full}
          aria-describedby={hintId}
        >
          Attach files
        </Button>
        <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', minWidth: 0 }}>
          Up to {DISCUSSION_MAX_FILES} files ({describeTypes(ATTACHMENT_RULE.allowed)}), each at
          most {formatBytes(ATTACHMENT_RULE.maxBytes)}.
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={acceptAttribute(ATTACHMENT_RULE)}
        aria-label="Attach files"
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          // Reset, so choosing the same file again after fixing it still fires a change.
          event.target.value = '';
          if (picked.length > 0) add(picked);
        }}
      />
      {error && (
        <FormHelperText error role="alert" sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      )}
      {files.length > 0 && (
        <Stack component="ul" spacing={0.5} aria-label="Attached files" sx={{ m: 0, p: 0 }}>
          {files.map((file, index) => (
            <Stack
              component="li"
              key={fileKey(file)}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', listStyle: 'none', minWidth: 0 }}
            >
              <InsertDriveFileOutlined
                fontSize="small"
                sx={{ color: 'text.secondary' }}
                aria-hidden
              />
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {file.name}{' '}
                <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                  {formatBytes(file.size)}
                </Typography>
              </Typography>
              <IconButton
                size="small"
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => {
                  onError(undefined);
                  onChange(files.filter((_f, i) => i !== index));
                }}
              >
                <CloseOutlined fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
