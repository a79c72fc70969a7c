import {
  PROFILE_IMAGE_EXTENSIONS,
  PROFILE_IMAGE_MAX_BYTES,
  type TProfileDetails,
} from '@atrium/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { acceptAttribute, fileProblem } from '../../../shared/files/file-rules.ts';
import { initials } from '../../../shared/format/initials.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { UploadProgressBar } from '../../../shared/ui/upload-progress.tsx';
import { roleLabel, StatusChip, type UserStatus } from '../../users/index.ts';
import { useUploadPhoto } from '../api/profiles.api.ts';

const PHOTO_RULE = { allowed: PROFILE_IMAGE_EXTENSIONS, maxBytes: PROFILE_IMAGE_MAX_BYTES };

function statusOf(profile: TProfileDetails): UserStatus {
  if (profile.approval_status === 0) return 'pending';
  if (profile.approval_status === 2) return 'rejected';
  return profile.is_active ? 'active' : 'inactive';
}

/** Photo (changed on the spot, with progress), names, role, organisation and place in it. */
export function ProfileHeader({ profile, own }: { profile: TProfileDetails; own: boolean }) {
  const upload = useUploadPhoto(profile.id);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = (file: File) => {
    const problem = fileProblem(file, PHOTO_RULE);
    if (problem) {
      notifyError(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
    setProgress(null);
    upload.mutate({ file, onProgress: setProgress }, { onSettled: () => setPreview(null) });
  };

  const place = [
    profile.profile.designation?.name,
    profile.profile.department?.name,
    profile.profile.location?.name,
  ]
    .filter(Boolean)
    .join(' · ');
  const photo = preview ?? profile.profile.photo_url ?? undefined;

  return (
    <Card sx={{ p: { xs: 2.5, sm: 3 }, mb: 2.5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 2, sm: 3 }}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Box sx={{ position: 'relative', alignSelf: { xs: 'center', sm: 'auto' } }}>
          <Avatar
            src={photo}
            alt={`Photo of ${profile.fullname || profile.username}`}
            sx={{ width: 104, height: 104, fontSize: '2rem', bgcolor: 'secondary.main' }}
          >
            {initials(profile.fullname || profile.username)}
          </Avatar>
          {profile.abilities.edit && (
            <Tooltip title="Change photo">
              <IconButton
                onClick={() => input.current?.click()}
                disabled={upload.isPending}
                aria-label="Change photo"
                size="small"
                sx={{
                  position: 'absolute',
                  right: -4,
                  bottom: -4,
                  bgcolor: 'background.paper',
                  border: 1,
                  borderColor: 'divider',
                  '&:hover': { bgcolor: 'background.paper' },
                }}
              >
                <PhotoCameraOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <input
            ref={input}
            type="file"
            hidden
            accept={acceptAttribute(PHOTO_RULE)}
            aria-label="Photo file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) choose(file);
            }}
          />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, textAlign: { xs: 'center', sm: 'left' } }}>
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
          >
            {profile.fullname || profile.username}
          </Typography>
          <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            @{profile.username} · {profile.organization.title}
          </Typography>
          {place && <Typography sx={{ mt: 0.5 }}>{place}</Typography>}
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ mt: 1.25, flexWrap: 'wrap', justifyContent: { xs: 'center', sm: 'flex-start' } }}
          >
            <Chip size="small" label={roleLabel(profile.role.id)} />
            {!own && <StatusChip status={statusOf(profile)} />}
            {!profile.abilities.edit && <Chip size="small" variant="outlined" label="Read only" />}
          </Stack>
          {upload.isPending && (
            <Box sx={{ mt: 1.5, maxWidth: 360 }}>
              <UploadProgressBar progress={progress} label="Uploading the photo" />
            </Box>
          )}
        </Box>
        {own && (
          <Button
            component={RouterLink}
            to="/newProfile"
            variant="outlined"
            startIcon={<EditOutlined />}
          >
            Guided edit
          </Button>
        )}
      </Stack>
    </Card>
  );
}
