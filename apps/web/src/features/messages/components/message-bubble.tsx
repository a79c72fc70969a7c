import { messagesOps, type TDirectMessage, type TMessageAttachment } from '@atrium/contract';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

async function download(file: TMessageAttachment) {
  saveBlob(await call(messagesOps.attachment, { params: { id: file.id } }), file.name);
}

/** One message; the body is sanitised rich text from the server (core/text/sanitise.ts). */
export function MessageBubble({
  mine,
  sender,
  body,
  attachments,
  createdAt,
  footer,
}: {
  mine: boolean;
  sender: string | null;
  body: string;
  /** Stored ones can be downloaded; a pending message's are only named. */
  attachments: TDirectMessage['attachments'] | { name: string; key: string }[];
  createdAt: string | null;
  footer?: ReactNode;
}) {
  return (
    <Stack sx={{ alignItems: mine ? 'flex-end' : 'flex-start' }} data-testid="message">
      <Box
        sx={{
          maxWidth: { xs: '85%', md: '70%' },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: mine ? 'primary.main' : 'action.hover',
          color: mine ? 'primary.contrastText' : 'text.primary',
          overflowWrap: 'anywhere',
          '& p': { m: 0 },
          '& p + p': { mt: 1 },
          '& a': { color: 'inherit' },
        }}
      >
        {!mine && sender && (
          <Typography variant="caption" sx={{ fontWeight: 700, display: 'block' }}>
            {sender}
          </Typography>
        )}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server before it is stored */}
        {body && <Box dangerouslySetInnerHTML={{ __html: body }} />}
        {attachments.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: body ? 1 : 0 }}>
            {attachments.map((file) =>
              'id' in file ? (
                <Button
                  key={file.id}
                  size="small"
                  variant="outlined"
                  color="inherit"
                  startIcon={<AttachFileOutlined />}
                  onClick={() => void download(file)}
                  sx={{ textTransform: 'none' }}
                >
                  {file.name}
                </Button>
              ) : (
                <Chip key={file.key} size="small" label={file.name} />
              ),
            )}
          </Stack>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 0.25 }}>
        {createdAt ? time(createdAt) : null}
        {footer}
      </Typography>
    </Stack>
  );
}
