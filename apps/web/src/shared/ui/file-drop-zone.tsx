import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type DragEvent, useId, useRef, useState } from 'react';
import { acceptAttribute, describeTypes, type FileRule, formatBytes } from '../files/file-rules.ts';

interface FileDropZoneProps {
  rule: FileRule;
  onFile: (file: File) => void;
  disabled?: boolean;
  /** What the button says, e.g. 'Choose a file'. */
  buttonLabel?: string;
}

/**
 * Drop a file here or press the button to choose one. The button is the keyboard and screen
 * reader way in; dragging is a shortcut for pointer users. The file input itself stays hidden.
 */
export function FileDropZone({
  rule,
  onFile,
  disabled = false,
  buttonLabel = 'Choose a file',
}: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-dragging={dragging}
      sx={(theme) => ({
        border: `2px dashed ${dragging ? theme.palette.primary.main : theme.palette.divider}`,
        borderRadius: 3,
        bgcolor: dragging ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
        px: { xs: 2, sm: 4 },
        py: { xs: 3, sm: 5 },
        textAlign: 'center',
        transition: theme.transitions.create(['border-color', 'background-color']),
      })}
    >
      <UploadFileOutlined sx={{ fontSize: 44, color: 'text.secondary' }} aria-hidden />
      <Typography sx={{ fontWeight: 600, mt: 1 }}>Drag and drop a file here</Typography>
      <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {describeTypes(rule.allowed)}, at most {formatBytes(rule.maxBytes)}
      </Typography>
      <Button
        variant="outlined"
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-describedby={hintId}
      >
        {buttonLabel}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptAttribute(rule)}
        aria-label={buttonLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Reset, so choosing the same file again after fixing it still fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
