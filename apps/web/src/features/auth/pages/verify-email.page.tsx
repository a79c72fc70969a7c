import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { authApi } from '../api/auth.api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { Outcome } from '../components/outcome.tsx';

/** '/verify-email/:uid/:token': the link of the sign-up mail activates the account on arrival. */
export default function VerifyEmailPage() {
  const { uid = '', token = '' } = useParams();
  const activation = useMutation({ mutationFn: authApi.activate });
  const { mutate: activate } = activation;
  const sent = useRef(false);

  useEffect(() => {
    // The link works once: never send it twice (StrictMode runs effects twice in development).
    if (sent.current) return;
    sent.current = true;
    activate({ uid, token });
  }, [activate, uid, token]);

  if (activation.isSuccess) {
    return (
      <AuthLayout title="E-mail address confirmed">
        <Outcome
          tone="success"
          actions={
            <Button component={RouterLink} to="/" variant="contained" size="large">
              Sign in
            </Button>
          }
        >
          <Typography>{activation.data.message}</Typography>
        </Outcome>
      </AuthLayout>
    );
  }

  if (activation.isError) {
    return (
      <AuthLayout title="This link does not work">
        <Outcome
          tone="error"
          actions={
            <>
              <Button component={RouterLink} to="/" variant="contained">
                Sign in
              </Button>
              <Button component={RouterLink} to="/signup" variant="outlined" color="inherit">
                Create an account
              </Button>
            </>
          }
        >
          <Typography>{errorMessage(activation.error)}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            If your account is already active, just sign in. Otherwise create it again to get a new
            link.
          </Typography>
        </Outcome>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Confirming your e-mail address">
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>One moment…</Typography>
      </Stack>
    </AuthLayout>
  );
}
