import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useProctoringConsent } from '../api/device.api.ts';
import type { IdentityPhotos, ProctoringStart } from './camera.ts';
import { CameraPreview } from './camera-preview.tsx';
import { ConsentExplanation } from './consent-explanation.tsx';
import { IdentityCapture } from './identity-capture.tsx';
import { useCameraCheck } from './use-camera-check.ts';
import { MATCH_TEXT, useProfileMatch } from './use-profile-match.ts';

export interface ConsentState {
  /** Start may be pressed: a face was seen, the learner agreed and took the photos asked for. */
  ready: boolean;
  /** The camera and photos the attempt takes over (null when the assessment is not proctored). */
  start: ProctoringStart | null;
}

/** The words after "Start is available once …", for what is still missing. */
function missingText(missing: string[]): string {
  if (missing.length <= 1) return missing.join('');
  return `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
}

/**
 * The start page's proctoring step: what is watched and why, the camera check with the
 * detector's live status, the identity photos when asked for, and "I agree". It reports through
 * `onChange` whether Start may be pressed, and the running camera to hand to the attempt.
 */
export function ProctoringConsent({
  uuid,
  onChange,
}: {
  uuid: string;
  onChange: (state: ConsentState) => void;
}) {
  const titleId = useId();
  const consent = useProctoringConsent(uuid);
  const data = consent.data;
  const check = useCameraCheck(data?.proctored ? data.signals : null);
  const [agreed, setAgreed] = useState(false);
  const [photos, setPhotos] = useState<IdentityPhotos | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  const identity = data && data.identity_check !== 'none' ? data.identity_check : null;
  const cameraOk = check.status !== 'error';
  const match = useProfileMatch(identity === 'photo_match', photos?.photo ?? null);

  const missing = [
    !(check.faceSeen && cameraOk) && 'your face is found',
    identity &&
      !photos &&
      (identity === 'id_photo' ? 'both photos are taken' : 'your photo is taken'),
    !agreed && 'you tick “I agree”',
  ].filter((m): m is string => Boolean(m));
  const ready = Boolean(data) && (!data?.proctored || (missing.length === 0 && !!check.handoff));

  useEffect(() => {
    // The similarity is a promise: Start never waits for the match, the upload does.
    const sent = photos && match.similarity ? { ...photos, similarity: match.similarity } : photos;
    const start = ready && check.handoff ? { camera: check.handoff, identity: sent } : null;
    onChange({ ready, start });
  }, [ready, check.handoff, photos, match.similarity, onChange]);

  if (consent.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void consent.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(consent.error, 'What proctoring watches could not be loaded.')} You can start
        once it is shown.
      </Alert>
    );
  if (!data)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }} aria-busy="true">
        <Skeleton variant="text" width="40%" height={32} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mt: 1 }}>
          <Skeleton variant="rounded" height={220} sx={{ flex: 1 }} />
          <Skeleton variant="rounded" height={220} sx={{ flex: 1, maxWidth: 400 }} />
        </Stack>
      </Paper>
    );
  if (!data.proctored) return null;

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <PrivacyTipOutlined color="primary" aria-hidden />
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
          This assessment is proctored
        </Typography>
      </Stack>
      <Typography sx={{ color: 'text.secondary', mb: 2.5 }}>
        Read what this means, check your camera, then agree to start.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 3, md: 4 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <ConsentExplanation consent={data} />
        </Box>
        <Stack spacing={2.5} sx={{ flex: { md: '0 0 360px' }, minWidth: 0 }}>
          <Box>
            <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600, mb: 1 }}>
              Camera check
            </Typography>
            <CameraPreview check={check} videoRef={video} />
          </Box>
          {identity && (
            <Box>
              <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600, mb: 1 }}>
                Identity check
              </Typography>
              <IdentityCapture
                check={identity}
                video={video}
                disabled={!check.stream || !cameraOk}
                onChange={setPhotos}
              />
              {match.status && (
                <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mt: 1 }}>
                  {MATCH_TEXT[match.status]}
                </Typography>
              )}
            </Box>
          )}
        </Stack>
      </Stack>
      <Box sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
        <FormControlLabel
          control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />}
          label="I agree to be monitored as described above during this attempt."
        />
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', ml: 4 }}>
          {missing.length === 0
            ? 'All set: you can start.'
            : `Start is available once ${missingText(missing)}.`}
        </Typography>
      </Box>
    </Paper>
  );
}
