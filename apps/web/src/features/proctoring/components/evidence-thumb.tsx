import type { ZEvidence } from '@atrium/contract';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { EVIDENCE_KIND } from '../labels.tsx';

export type Evidence = z.infer<typeof ZEvidence>;

export const isClip = (e: Evidence) => e.kind === 'clip' || e.content_type.startsWith('video/');

/**
 * A small still, or a clip's tile (a clip is not loaded until it is opened), that opens the
 * evidence viewer. The file itself comes from its cookie-authenticated address.
 */
export function EvidenceThumb({
  evidence,
  to,
  alt,
  size = 96,
}: {
  evidence: Evidence;
  to: string;
  alt: string;
  size?: number;
}) {
  const clip = isClip(evidence);
  return (
    <ButtonBase
      component={RouterLink}
      to={to}
      state={{ fromCard: true }}
      aria-label={`Open ${EVIDENCE_KIND[evidence.kind].label.toLowerCase()}: ${alt}`}
      sx={{
        width: size,
        height: (size * 3) / 4,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
        flexShrink: 0,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {clip ? (
        <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <PlayCircleOutlined aria-hidden />
          <Typography variant="caption">Clip</Typography>
        </Stack>
      ) : (
        <Box
          component="img"
          src={evidence.url}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </ButtonBase>
  );
}
