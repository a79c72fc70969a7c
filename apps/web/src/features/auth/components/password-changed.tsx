import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from './auth-layout.tsx';
import { Outcome } from './outcome.tsx';

/** Both reset flows end here: every device was signed out, so sign in with the new password. */
export function PasswordChanged({ message }: { message: string }) {
  return (
    <AuthLayout title="Password changed">
      <Outcome
        tone="success"
        actions={
          <Button component={RouterLink} to="/" variant="contained" size="large">
            Sign in
          </Button>
        }
      >
        <Typography>{message}</Typography>
      </Outcome>
    </AuthLayout>
  );
}
