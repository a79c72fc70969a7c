import type { TProctorDetail } from '@atrium/contract';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EvidenceThumb } from '../components/evidence-thumb.tsx';
import { EVIDENCE_KIND, IDENTITY_CHECK, percent } from '../labels.tsx';

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
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        {identity.check === 'id_photo'
          ? `${IDENTITY_CHECK.id_photo.label}: compare the face with the ID document.`
          : identity.similarity === null
            ? 'The device could not compare the photo with the profile photo: compare them yourself.'
            : `Matched with the profile photo: ${percent(identity.similarity)} similar.`}
      </Typography>
      {identity.evidence.length > 0 ? (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {identity.evidence.map((e) => (
            <Stack key={e.id} spacing={0.5}>
              <EvidenceThumb
                evidence={e}
                to={evidenceTo(e.id)}
                alt={`${EVIDENCE_KIND[e.kind].label} of ${learner}`}
                size={128}
              />
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {EVIDENCE_KIND[e.kind].label}
              </Typography>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No identity photos yet (not taken, or removed after the retention period).
        </Typography>
      )}
    </Stack>
  );
}
