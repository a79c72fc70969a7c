import {
  MESSAGE_ATTACHMENT_EXTENSIONS,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_MAX_ATTACHMENTS,
} from '@atrium/contract';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useRef, useState } from 'react';
import { textToHtml } from '../compose.ts';

const ACCEPT = MESSAGE_ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Text (Enter sends, Shift+Enter breaks the line; **bold**, _italic_) and up to five files. */
export function Composer({
  disabled,
  disabledReason,
  onSend,
}: {
  disabled: boolean;
  disabledReason?: string;
  onSend: (message: { body: string; files: File[] }) => void;
}) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const send = () => {
    const body = textToHtml(text);
    if (disabled || (!body && files.length === 0)) return;
    onSend({ body, files });
    setText('');
    setFiles([]);
    setProblem(null);
  };
  const add = (list: FileList | null) => {
    const picked = [...(list ?? [])];
    const tooBig = picked.filter((f) => f.size > MESSAGE_ATTACHMENT_MAX_BYTES);
    const next = [...files, ...picked.filter((f) => !tooBig.includes(f))];
    setProblem(
      tooBig.length > 0
        ? `${tooBig.map((f) => f.name).join(', ')}: larger than 10 MB.`
        : next.length > MESSAGE_MAX_ATTACHMENTS
          ? `Up to ${MESSAGE_MAX_ATTACHMENTS} files per message.`
          : null,
    );
    setFiles(next.slice(0, MESSAGE_MAX_ATTACHMENTS));
    if (input.current) input.current.value = '';
  };

  if (disabled && disabledReason) {
    return (
      <Alert severity="info" sx={{ m: 1.5 }}>
        {disabledReason}
      </Alert>
    );
  }
  return (
    <Stack spacing={1} sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
      {problem && (
        <Alert severity="warning" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {files.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} aria-label="Attachments to send">
          {files.map((f, i) => (
            <Chip
              key={`${f.name}-${f.size}-${f.lastModified}`}
              label={f.name}
              size="small"
              onDelete={() => setFiles(files.filter((_, j) => j !== i))}
            />
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept={ACCEPT}
          onChange={(e) => add(e.target.files)}
          aria-label="Attach files"
        />
        <Tooltip title="Attach files">
          <span>
            <IconButton
              onClick={() => input.current?.click()}
              disabled={disabled || files.length >= MESSAGE_MAX_ATTACHMENTS}
              aria-label="Attach files"
            >
              <AttachFileOutlined />
            </IconButton>
          </span>
        </Tooltip>
        <TextField
          fullWidth
          multiline
          maxRows={6}
          size="small"
          placeholder="Write a message"
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          slotProps={{ htmlInput: { 'aria-label': 'Message', maxLength: 10_000 } }}
        />
        <Tooltip title="Send">
          <span>
            <IconButton
              color="primary"
              onClick={send}
              disabled={disabled || (!text.trim() && files.length === 0)}
              aria-label="Send"
            >
              <SendOutlined />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
