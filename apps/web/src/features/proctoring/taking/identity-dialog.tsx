import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useId, useRef, useState } from 'react';
import type { IdentityPhotos } from './camera.ts';
import { IdentityCapture, type IdentityCheck } from './identity-capture.tsx';

/**
 * The identity photos taken during the attempt, when the start page did not take them (a reload,
 * another device). Sending is retried by the monitor; the dialog closes at once.
 */
export function IdentityDialog({
  open,
  check,
  stream,
  onSend,
  onClose,
}: {
  open: boolean;
  check: IdentityCheck;
  stream: () => MediaStream | null;
  onSend: (photos: IdentityPhotos) => Promise<void>;
  onClose: () => void;
}) {
  const titleId = useId();
  const video = useRef<HTMLVideoElement | null>(null);
  const [photos, setPhotos] = useState<IdentityPhotos | null>(null);
  // Read when the dialog opens (the monitor's camera may have changed since).
  const current = open ? stream() : null;
  const live = Boolean(current?.active);
  // The element exists only while the dialog is open: the camera is attached when it appears.
  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      video.current = element;
      if (!element || element.srcObject === current) return;
      element.srcObject = current;
      if (current) void Promise.resolve(element.play?.()).catch(() => undefined);
    },
    [current],
  );
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Identity photo</DialogTitle>
      <DialogContent>
        {live ? (
          <Box
            component="video"
            ref={attach}
            muted
            playsInline
            autoPlay
            aria-label="Your camera picture"
            sx={{
              width: '100%',
              aspectRatio: '4 / 3',
              objectFit: 'cover',
              borderRadius: 2,
              bgcolor: 'grey.900',
              transform: 'scaleX(-1)',
              mb: 2,
            }}
          />
        ) : (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Turn your camera on first: the photo is taken with it.
          </Alert>
        )}
        <IdentityCapture check={check} video={video} disabled={!live} onChange={setPhotos} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Later</Button>
        <Button
          variant="contained"
          disabled={!photos}
          onClick={() => {
            if (photos) void onSend(photos);
            onClose();
          }}
        >
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
