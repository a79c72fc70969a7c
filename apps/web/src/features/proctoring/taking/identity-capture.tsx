import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, type RefObject, useEffect, useMemo, useState } from 'react';
import { type IdentityPhotos, snapshot } from './camera.ts';

export type IdentityCheck = 'photo_match' | 'id_photo';

const INTRO: Record<IdentityCheck, string> = {
  photo_match:
    'Take a photo of yourself. This device compares it with your profile photo, and a proctor looks at both photos: nothing is decided automatically.',
  id_photo:
    'Take a photo of yourself, then hold your ID document up to the camera and take a photo of it. A proctor compares them.',
};

function Shot({
  blob,
  alt,
  label,
  retakeLabel,
  icon,
  disabled,
  onTake,
}: {
  blob: Blob | null;
  alt: string;
  label: string;
  retakeLabel: string;
  icon: ReactNode;
  disabled: boolean;
  onTake: () => void;
}) {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        sx={{
          width: 160,
          aspectRatio: '4 / 3',
          borderRadius: 1.5,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: 'text.disabled',
        }}
      >
        {url ? (
          <Box
            component="img"
            src={url}
            alt={alt}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          icon
        )}
      </Box>
      <Button
        variant={blob ? 'text' : 'outlined'}
        size="small"
        startIcon={<PhotoCameraOutlined />}
        disabled={disabled}
        onClick={onTake}
      >
        {blob ? retakeLabel : label}
      </Button>
    </Stack>
  );
}

/**
 * The identity check's photos, taken from the camera preview before the attempt starts. They are
 * sent once the attempt has started (the upload needs the monitoring session).
 */
export function IdentityCapture({
  check,
  video,
  disabled,
  onChange,
}: {
  check: IdentityCheck;
  video: RefObject<HTMLVideoElement | null>;
  disabled: boolean;
  onChange: (photos: IdentityPhotos | null) => void;
}) {
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [idPhoto, setIdPhoto] = useState<Blob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const needsId = check === 'id_photo';

  useEffect(() => {
    onChange(photo && (!needsId || idPhoto) ? { photo, idPhoto: needsId ? idPhoto : null } : null);
  }, [photo, idPhoto, needsId, onChange]);

  const take = (set: (blob: Blob) => void) => async () => {
    const blob = video.current ? await snapshot(video.current) : null;
    if (blob) {
      setProblem(null);
      set(blob);
    } else setProblem('No picture yet: wait for your camera picture, then try again.');
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {INTRO[check]}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Shot
          blob={photo}
          alt="Your photo"
          label="Take my photo"
          retakeLabel="Retake my photo"
          icon={<PhotoCameraOutlined sx={{ fontSize: 40 }} aria-hidden />}
          disabled={disabled}
          onTake={take(setPhoto)}
        />
        {needsId && (
          <Shot
            blob={idPhoto}
            alt="Your ID document"
            label="Take ID photo"
            retakeLabel="Retake ID photo"
            icon={<BadgeOutlined sx={{ fontSize: 40 }} aria-hidden />}
            disabled={disabled}
            onTake={take(setIdPhoto)}
          />
        )}
      </Stack>
      {problem && (
        <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
          {problem}
        </Typography>
      )}
    </Stack>
  );
}
