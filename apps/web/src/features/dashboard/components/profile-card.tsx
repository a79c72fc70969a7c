import { APPROVAL, type TSessionUser } from '@atrium/contract';
import CircleRounded from '@mui/icons-material/CircleRounded';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { initials } from '../../../shared/format/initials.ts';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { signInChannel } from '../activity-summary.ts';

const APPROVAL_CHIPS: Record<number, { label: string; color: 'success' | 'warning' | 'error' }> = {
  [APPROVAL.APPROVED]: { label: 'Approved', color: 'success' },
  [APPROVAL.PENDING]: { label: 'Pending approval', color: 'warning' },
  [APPROVAL.REJECTED]: { label: 'Rejected', color: 'error' },
};

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontWeight: 500, textAlign: 'right', overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

export function ProfileCard({ user }: { user: TSessionUser }) {
  const approval = APPROVAL_CHIPS[user.approval_status] ?? APPROVAL_CHIPS[APPROVAL.PENDING]!;
  return (
    <SectionCard title="Your profile">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2.5 }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'secondary.main', fontSize: '1.25rem' }}>
          {initials(user.fullname)}
        </Avatar>
        <Stack sx={{ minWidth: 0, alignItems: 'flex-start' }} spacing={0.5}>
          <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }} noWrap>
            {user.fullname}
          </Typography>
          {/* The colour is only the dot: coloured small text would not reach AA contrast. */}
          <Chip
            size="small"
            variant="outlined"
            icon={
              <CircleRounded
                sx={{ fontSize: '0.6rem !important', color: `${approval.color}.main` }}
              />
            }
            label={approval.label}
            sx={{ fontWeight: 600 }}
          />
        </Stack>
      </Stack>
      <Divider sx={{ mb: 2 }} />
      <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
        <Detail label="Role" value={user.role.name} />
        <Detail label="Organisation" value={user.membership.organization.title} />
        <Detail label="User name" value={user.username} />
        <Detail label="E-mail" value={user.email} />
        <Detail label="Signed in via" value={signInChannel(user.login_from)} />
      </Stack>
    </SectionCard>
  );
}
