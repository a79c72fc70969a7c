import type { TTicket, TTicketAttachment, TTicketMessage } from '@atrium/contract';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { downloadAttachment } from '../../api/tickets.api.ts';

function Attachments({ ticketId, files }: { ticketId: number; files: TTicketAttachment[] }) {
  const [error, setError] = useState<string | null>(null);
  if (files.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
      {files.map((f) => (
        <Button
          key={f.id}
          size="small"
          variant="outlined"
          startIcon={<AttachFileOutlined />}
          onClick={() => downloadAttachment(ticketId, f).catch((e) => setError(errorMessage(e)))}
          sx={{ textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere' }}
        >
          {f.name}
        </Button>
      ))}
      {error && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
          {error}
        </Typography>
      )}
    </Stack>
  );
}

/** One entry of the conversation; an internal note is set apart (dashed, tinted, labelled). */
function Entry({ ticketId, m }: { ticketId: number; m: TTicketMessage }) {
  return (
    <Box
      component="li"
      aria-label={m.internal ? 'Internal note' : undefined}
      sx={{
        listStyle: 'none',
        p: 2,
        borderRadius: 1,
        border: 1,
        borderStyle: m.internal ? 'dashed' : 'solid',
        borderColor: m.internal ? 'warning.main' : 'divider',
        bgcolor: m.internal
          ? 'action.hover'
          : m.from_staff
            ? 'background.paper'
            : 'action.selected',
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
      >
        <Typography variant="subtitle2">{m.author?.fullname ?? 'Former user'}</Typography>
        {m.from_staff && !m.internal && <Chip size="small" label="Support" />}
        {m.internal && <Chip size="small" color="warning" label="Internal note" />}
        {m.via === 'email' && <Chip size="small" variant="outlined" label="By e-mail" />}
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {new Date(m.created_at).toLocaleString()}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }}>
        {m.body}
      </Typography>
      <Attachments ticketId={ticketId} files={m.attachments} />
    </Box>
  );
}

/** The opening description and the conversation, oldest first. */
export function TicketThread({ ticket: t }: { ticket: TTicket }) {
  return (
    <Stack component="ol" spacing={2} sx={{ p: 0, m: 0 }} aria-label="Conversation">
      <Box
        component="li"
        sx={{ listStyle: 'none', p: 2, borderRadius: 1, border: 1, borderColor: 'divider' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2">{t.requester.fullname}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {new Date(t.created_at).toLocaleString()}
          </Typography>
        </Stack>
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }}
        >
          {t.description}
        </Typography>
        <Attachments ticketId={t.id} files={t.attachments} />
      </Box>
      {t.messages.map((m) => (
        <Entry key={m.id} ticketId={t.id} m={m} />
      ))}
    </Stack>
  );
}
