import {
  TICKET_PRIORITIES,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  TICKET_TEXT_MAX,
  type TTicket,
  type TTicketUpdate,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { useAssignees, useReply, useUpdateTicket } from '../../api/tickets.api.ts';
import { addFiles, attachmentProblem, fileKey } from './new-ticket-form.tsx';
import { PRIORITY_LABELS } from './status-chip.tsx';

/** Status, priority and assignee, for staff; each change is saved at once. */
export function StaffControls({ ticket: t }: { ticket: TTicket }) {
  const update = useUpdateTicket(t.id);
  const assignees = useAssignees(t.id, true);
  const change = (body: TTicketUpdate) => update.mutate(body);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label="Status"
          value={t.status}
          disabled={update.isPending}
          onChange={(e) => change({ status: e.target.value as TTicket['status'] })}
          sx={{ minWidth: 180 }}
        >
          {TICKET_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {TICKET_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Priority"
          value={t.priority}
          disabled={update.isPending}
          onChange={(e) => change({ priority: e.target.value as TTicket['priority'] })}
          sx={{ minWidth: 140 }}
        >
          {TICKET_PRIORITIES.map((p) => (
            <MenuItem key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Assignee"
          value={t.assignee ? String(t.assignee.id) : ''}
          disabled={update.isPending || assignees.isPending}
          onChange={(e) => change({ assignee_id: e.target.value ? Number(e.target.value) : null })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Unassigned</MenuItem>
          {/* The current assignee stays listed even if no longer an admin. */}
          {t.assignee && !assignees.data?.some((a) => a.id === t.assignee?.id) && (
            <MenuItem value={String(t.assignee.id)}>{t.assignee.fullname}</MenuItem>
          )}
          {(assignees.data ?? []).map((a) => (
            <MenuItem key={a.id} value={String(a.id)}>
              {a.fullname}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {update.isError && <Alert severity="error">{errorMessage(update.error)}</Alert>}
    </Stack>
  );
}

/** The reply box; staff may switch it to an internal note. */
export function ReplyBox({ ticket: t }: { ticket: TTicket }) {
  const reply = useReply(t.id);
  const update = useUpdateTicket(t.id);
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!body.trim()) {
      setProblem('Write a reply first.');
      return;
    }
    const bad = attachmentProblem(files);
    if (bad) {
      setProblem(bad);
      return;
    }
    try {
      await reply.mutateAsync({ body: body.trim(), internal, files });
      setBody('');
      setFiles([]);
      setInternal(false);
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  if (!t.abilities.reply)
    return (
      <Alert severity="info">This ticket is closed. Open a new ticket if you need more help.</Alert>
    );
  return (
    <Stack component="form" spacing={1.5} onSubmit={send} noValidate aria-label="Reply">
      <TextField
        label={internal ? 'Internal note (staff only)' : 'Your reply'}
        multiline
        minRows={3}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX } }}
        color={internal ? 'warning' : 'primary'}
        focused={internal || undefined}
      />
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept=".png,.jpg,.jpeg,.gif,.webp,.pdf"
        aria-label="Attach files to the reply"
        onChange={(e) => {
          setFiles((prev) => addFiles(prev, Array.from(e.target.files ?? [])));
          e.target.value = '';
        }}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={reply.isPending}>
          {internal ? 'Add note' : 'Send reply'}
        </Button>
        <Button variant="outlined" onClick={() => input.current?.click()}>
          Attach files
        </Button>
        {t.abilities.add_note && (
          <FormControlLabel
            control={<Switch checked={internal} onChange={(e) => setInternal(e.target.checked)} />}
            label="Internal note"
          />
        )}
        {!t.abilities.manage && t.abilities.close && (
          <Button
            color="inherit"
            disabled={update.isPending}
            onClick={() => update.mutate({ status: 'closed' })}
          >
            Close ticket
          </Button>
        )}
        {files.map((f) => (
          <Chip
            key={fileKey(f)}
            label={f.name}
            onDelete={() => setFiles((prev) => prev.filter((g) => g !== f))}
          />
        ))}
      </Stack>
      {problem && <Alert severity="error">{problem}</Alert>}
      {update.isError && <Alert severity="error">{errorMessage(update.error)}</Alert>}
    </Stack>
  );
}
