import type { TProctorDetail } from '@atrium/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EvidenceThumb } from '../components/evidence-thumb.tsx';
import { EVIDENCE_KIND, IDENTITY_CHECK, percent } from '../labels.tsx';

const THUMB = 128;

/** What each identity photo is, said from the proctor's side of the comparison. */
const SHOT_LABEL: Partial<Record<keyof typeof EVIDENCE_KIND, string>> = {
  identity: 'Taken at the start',
  id_document: 'ID document',
};

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack spacing={0.5}>
      {children}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Stack>
  );
}

function summary(identity: TProctorDetail['identity']): string {
  if (identity.check === 'id_photo') {
    return `${IDENTITY_CHECK.id_photo.label}: compare the face with the ID document.`;
  }
  if (identity.similarity === null) {
    return identity.profile_photo_url
      ? 'The device could not compare the photo with the profile photo: compare them yourself.'
      : 'The learner has no profile photo, so nothing could be compared: check the photo taken at the start yourself.';
  }
  return `Matched with the profile photo: ${percent(identity.similarity)} similar.`;
}

/** Which check ran, how close the face match was, and the photos a proctor compares. */
export function IdentitySection({
  identity,
  learner,
  evidenceTo,
}: {
  identity: TProctorDetail['identity'];
  learner: string;
  evidenceTo: (evidence: number) => string;
}) {
  if (identity.check === 'none') {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        This assessment asks for no identity check.
      </Typography>
    );
  }
  const shots = identity.evidence;
  const label = (e: (typeof shots)[number]) => SHOT_LABEL[e.kind] ?? EVIDENCE_KIND[e.kind].label;
  // Shown first, as what the start photo is compared with (by the device or the proctor).
  const profile = identity.profile_photo_url;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">{summary(identity)}</Typography>
      {identity.check === 'photo_match' && identity.similarity !== null && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          This is the learner’s device’s estimate, not a verdict: look at the photos and decide
          yourself.
        </Typography>
      )}
      {identity.check === 'photo_match' && !profile && identity.similarity !== null && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          The learner has no profile photo now.
        </Typography>
      )}
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {profile && (
          <Labelled label="Profile photo">
            <Box
              component="img"
              src={profile}
              alt={`Profile photo of ${learner}`}
              loading="lazy"
              sx={{
                width: THUMB,
                height: (THUMB * 3) / 4,
                objectFit: 'cover',
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                display: 'block',
              }}
            />
          </Labelled>
        )}
        {shots.map((e) => (
          <Labelled key={e.id} label={label(e)}>
            <EvidenceThumb
              evidence={e}
              to={evidenceTo(e.id)}
              alt={`${label(e)}: ${learner}`}
              size={THUMB}
            />
          </Labelled>
        ))}
      </Stack>
      {shots.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No identity photos yet (not taken, or removed after the retention period).
        </Typography>
      )}
    </Stack>
  );
}
