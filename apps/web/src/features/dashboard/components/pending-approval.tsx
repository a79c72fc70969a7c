import { APPROVAL } from '@atrium/contract';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../shared/session/session-context.ts';
import { ColorModeToggle } from '../../../shared/theme/color-mode-toggle.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';

/**
 * Spec §4: the top bar and the menu appear only once the account is approved. Until then this
 * card says why they are missing and keeps sign-out within reach.
 */
export function PendingApproval({ approvalStatus }: { approvalStatus: number }) {
  const { signOut } = useSession();
  const rejected = approvalStatus === APPROVAL.REJECTED;
  return (
    <SectionCard
      title={rejected ? 'Your account was not approved' : 'Waiting for approval'}
      action={<ColorModeToggle />}
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <HourglassTopRounded color="warning" sx={{ fontSize: 48 }} aria-hidden />
        <Typography>
          {rejected
            ? 'An administrator turned down your account. Contact your organisation if you think this is a mistake.'
            : 'Your e-mail address is confirmed. An administrator of your organisation still has to approve your account; the menu and your courses appear here once they do.'}
        </Typography>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<LogoutOutlined />}
          onClick={() => void signOut()}
        >
          Sign out
        </Button>
      </Stack>
    </SectionCard>
  );
}
