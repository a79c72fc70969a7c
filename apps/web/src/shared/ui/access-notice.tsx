import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CenteredPage } from './centered-page.tsx';

/**
 * For pages every signed-in user may open (spec §2) whose work needs a menu entry or role the
 * user lacks: says so instead of showing a form the server would refuse.
 */
export function AccessNotice({ title, children }: { title: string; children: string }) {
  return (
    <CenteredPage>
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <LockOutlined color="action" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 460 }}>{children}</Typography>
        <Button component={RouterLink} to="/dashboard" variant="contained">
          Go to the dashboard
        </Button>
      </Stack>
    </CenteredPage>
  );
}
