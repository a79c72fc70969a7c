import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_ATTACHMENT_TYPES,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_SUBJECT_MAX,
  TICKET_TEXT_MAX,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import type { UploadProgress } from '../../../../shared/api/upload.ts';
import { UploadProgressBar } from '../../../../shared/ui/upload-progress.tsx';
import { useOpenTicket } from '../../api/tickets.api.ts';

const ACCEPT = TICKET_ATTACHMENT_TYPES.map((t) => `.${t}`).join(',');
const MB = 1024 * 1024;

/** A chosen file's identity, for list keys and to drop one picked twice. */
export const fileKey = (f: File) => `${f.name}:${f.size}:${f.lastModified}`;

/** Adds newly picked files, skipping ones already there, up to the limit. */
export function addFiles(prev: File[], picked: File[]): File[] {
  const seen = new Set(prev.map(fileKey));
  const fresh = picked.filter((f) => !seen.has(fileKey(f)));
  return [...prev, ...fresh].slice(0, TICKET_ATTACHMENT_MAX_FILES);
}

/** Checks what the browser can before sending; the server checks the bytes again. */
export function attachmentProblem(files: File[]): string | null {
  if (files.length > TICKET_ATTACHMENT_MAX_FILES)
    return `Attach at most ${TICKET_ATTACHMENT_MAX_FILES} files.`;
  for (const f of files) {
    const ext = f.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(TICKET_ATTACHMENT_TYPES as readonly string[]).includes(ext))
      return `${f.name}: attach images (PNG, JPG, GIF, WebP) or PDF files.`;
    if (f.size > TICKET_ATTACHMENT_MAX_BYTES)
      return `${f.name}: at most ${TICKET_ATTACHMENT_MAX_BYTES / MB} MB.`;
  }
  return null;
}

/**
 * The new-ticket form: subject, category, description and attachments with real upload progress.
 * The page the person came from (`?from=`) and the browser's description go with it, shown so
 * they know what is sent.
 */
export function NewTicketForm({ fromPage }: { fromPage: string | null }) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const open = useOpenTicket(setProgress);
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const filesLabel = useId();
  const fieldErrors = open.error instanceof ApiError ? open.error.fieldErrors : {};
  const fieldError = (name: string) => fieldErrors[name]?.join(' ');
  const browser = typeof navigator === 'undefined' ? '' : navigator.userAgent;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!subject.trim() || !category || !description.trim()) {
      setProblem('Fill in the subject, the category and the description.');
      return;
    }
    const bad = attachmentProblem(files);
    if (bad) {
      setProblem(bad);
      return;
    }
    try {
      const ticket = await open.mutateAsync({
        subject: subject.trim(),
        category,
        description: description.trim(),
        page: fromPage ?? '',
        browser,
        files,
      });
      navigate(`/support/tickets/${ticket.id}`);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="New ticket">
      <TextField
        label="Subject"
        required
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        slotProps={{ htmlInput: { maxLength: TICKET_SUBJECT_MAX } }}
        error={Boolean(fieldError('subject'))}
        helperText={fieldError('subject')}
      />
      <TextField
        select
        label="Category"
        required
        value={category}
        onChange={(e) => setCategory(e.target.value)}
        error={Boolean(fieldError('category'))}
        helperText={fieldError('category')}
      >
        {TICKET_CATEGORIES.map((c) => (
          <MenuItem key={c} value={c}>
            {TICKET_CATEGORY_LABELS[c]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Description"
        required
        multiline
        minRows={5}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX } }}
        error={Boolean(fieldError('description'))}
        helperText={
          fieldError('description') ?? 'What did you do, what did you expect, what happened?'
        }
      />
      <Stack spacing={1}>
        <Typography id={filesLabel} variant="body2" sx={{ color: 'text.secondary' }}>
          Attachments: up to {TICKET_ATTACHMENT_MAX_FILES} screenshots or PDF files,{' '}
          {TICKET_ATTACHMENT_MAX_BYTES / MB} MB each.
        </Typography>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-labelledby={filesLabel}
          data-testid="ticket-attachments"
          onChange={(e) => {
            const chosen = Array.from(e.target.files ?? []);
            setFiles((prev) => addFiles(prev, chosen));
            e.target.value = '';
          }}
        />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button variant="outlined" onClick={() => input.current?.click()}>
            Attach files
          </Button>
          {files.map((f) => (
            <Chip
              key={fileKey(f)}
              label={f.name}
              onDelete={() => setFiles((prev) => prev.filter((g) => g !== f))}
            />
          ))}
        </Stack>
        {fieldError('attachments') && <Alert severity="error">{fieldError('attachments')}</Alert>}
      </Stack>
      {fromPage && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Sent with it: the page you came from ({fromPage}) and your browser’s name and version.
        </Typography>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      {open.isPending && <UploadProgressBar progress={progress} label="Sending" />}
      <div>
        <Button type="submit" variant="contained" disabled={open.isPending}>
          Send
        </Button>
      </div>
    </Stack>
  );
}
