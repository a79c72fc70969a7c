import type { TAnnouncement } from '@atrium/contract';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { audienceSummary, formatWhen } from '../../announcement-format.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <Typography
        component="dt"
        variant="body2"
        sx={{ color: 'text.secondary', width: { sm: 130 }, flexShrink: 0 }}
      >
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** Who wrote it, when it went (or goes) out, until when, for whom, pinned. */
export function AnnouncementFacts({ announcement: a }: { announcement: TAnnouncement }) {
  const named = (ids: number[] | undefined, names: string[] | undefined) => (id: number) =>
    names?.[ids?.indexOf(id) ?? -1] || undefined;
  const audience = audienceSummary(a.audience, {
    department: named(a.audience?.departments, a.audience?.department_names),
    designation: named(a.audience?.designations, a.audience?.designation_names),
  });
  const out = formatWhen(a.publish_at);
  return (
    <Stack component="dl" spacing={1} sx={{ m: 0 }}>
      {a.author && <Row label="From">{a.author.fullname}</Row>}
      <Row label={a.state === 'scheduled' ? 'Goes out' : 'Published'}>
        <time dateTime={a.publish_at}>{out}</time>
      </Row>
      {a.expires_at && (
        <Row label={a.state === 'expired' ? 'Expired' : 'Expires'}>
          <time dateTime={a.expires_at}>{formatWhen(a.expires_at)}</time>
        </Row>
      )}
      <Row label="Audience">{audience}</Row>
      {a.pinned && <Row label="Pinned">Shown at the top of everyone’s list</Row>}
    </Stack>
  );
}
