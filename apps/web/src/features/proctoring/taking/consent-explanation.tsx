import type { TProctoringSignal, ZProctoringConsent } from '@atrium/contract';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { MODE, plural, SIGNAL } from '../labels.tsx';

type Consent = z.infer<typeof ZProctoringConsent>;

/**
 * What each signal watches, said to the learner ("you"): labels.tsx words it for proctors and
 * authors ("the learner"). The times are the assessment's own.
 */
export function signalExplanation(signal: TProctoringSignal, consent: Consent): string {
  switch (signal) {
    case 'no_face':
      return `Nobody is in front of the camera for more than ${consent.no_face_seconds} seconds.`;
    case 'looking_away':
      return `You look away from the screen for more than ${consent.look_away_seconds} seconds.`;
    case 'multiple_faces':
      return 'Another face appears in the camera picture beside yours.';
    case 'phone':
      return 'A phone is seen in the camera picture.';
    case 'other_person':
      return 'Someone else is seen in the room, even without their face in view.';
    case 'tab_switch':
      return 'You switch to another tab, window or app.';
    case 'fullscreen_exit':
      return 'You leave full-screen mode during the attempt.';
    case 'copy_paste':
      return 'You copy or paste text in the assessment.';
    case 'second_screen':
      return 'More than one display is connected to your device.';
    case 'mic_noise':
      return 'Your microphone picks up speech or lasting noise.';
  }
}

function Point({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: 'primary.main', mt: 0.25, display: 'flex' }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {children}
        </Typography>
      </Box>
    </Stack>
  );
}

/**
 * What proctoring means for this attempt, in plain words: what is watched, where detection runs,
 * what is sent and when, who decides, and how long anything is kept.
 */
export function ConsentExplanation({ consent }: { consent: Consent }) {
  const mic = consent.signals.includes('mic_noise');
  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600, mb: 1 }}>
          What is watched during the attempt
        </Typography>
        {consent.signals.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Nothing is watched: only your camera being on is noted.
          </Typography>
        ) : (
          <Box
            component="ul"
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              gap: 1.25,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            }}
          >
            {consent.signals.map((signal) => {
              const Icon = SIGNAL[signal].icon;
              return (
                <Stack component="li" key={signal} direction="row" spacing={1.25}>
                  <Icon fontSize="small" sx={{ mt: 0.25, color: 'text.secondary' }} aria-hidden />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {SIGNAL[signal].label}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {signalExplanation(signal, consent)}
                    </Typography>
                  </Box>
                </Stack>
              );
            })}
          </Box>
        )}
      </Box>
      <Point icon={<DevicesOutlined />} title="Detection runs on this device">
        Your camera picture is checked here, in your browser. Nothing is sent while nothing is
        flagged. When something is flagged, a still picture and a short clip of a few seconds around
        that moment are sent to the proctors.
        {mic &&
          ' The microphone is only measured for loudness on this device: no sound is recorded or sent.'}
      </Point>
      <Point icon={<VideocamOutlined />} title={`${MODE[consent.mode].label} mode`}>
        {consent.mode === 'live'
          ? 'Live: a small picture from your camera is also sent every few seconds, so proctors can see that the attempt is going well.'
          : 'No live picture is sent: proctors see only what was flagged.'}
      </Point>
      <Point icon={<GavelOutlined />} title="A person decides, not the computer">
        Nothing is decided automatically. A proctor reviews every flag; a flag can be dismissed as a
        false alarm, and only a proctor’s decision can affect your result.
      </Point>
      <Point icon={<HistoryOutlined />} title="How long evidence is kept">
        Pictures and clips are kept for {plural(consent.retention_days, 'day')}, then deleted.
      </Point>
    </Stack>
  );
}
