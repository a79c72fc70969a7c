import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { useOrganisationContent } from '../../organisations/index.ts';
import { authApi } from '../api/auth.api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { Outcome } from '../components/outcome.tsx';
import { completeSsoSignIn, type SsoConfig } from '../sso/sso-client.ts';

/**
 * '/sso/callback': the identity provider sends the browser back here with the authorization
 * code. The code and PKCE verifier become an id_token, which the server trades for an Atrium
 * token (GET /api/sso-verify-token/ with Authorization: Bearer).
 */
export default function SsoCallbackPage() {
  const organisation = useOrganisationContent();
  const { completeSignIn } = useSession();
  const exchange = useMutation({
    mutationFn: async (sso: SsoConfig) => {
      const idToken = await completeSsoSignIn(sso);
      const { auth_token } = await authApi.ssoVerify(idToken);
      return completeSignIn(auth_token);
    },
  });
  const { mutate } = exchange;
  const started = useRef(false);
  const sso = organisation.data?.sso ?? null;

  useEffect(() => {
    // The code can be redeemed once only.
    if (started.current || !sso) return;
    started.current = true;
    mutate(sso);
  }, [sso, mutate]);

  const problem = exchange.isError
    ? exchange.error instanceof ApiError
      ? errorMessage(exchange.error)
      : `The identity provider's answer could not be used (${
          exchange.error instanceof Error ? exchange.error.message : 'unknown error'
        }).`
    : organisation.isError || (organisation.data && !sso)
      ? 'Single sign-on is not set up for this organisation.'
      : null;

  if (problem) {
    return (
      <AuthLayout title="Single sign-on failed">
        <Outcome
          tone="error"
          actions={
            <Button component={RouterLink} to="/" variant="contained">
              Back to sign in
            </Button>
          }
        >
          <Typography>{problem}</Typography>
        </Outcome>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Signing you in">
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>Completing single sign-on…</Typography>
      </Stack>
    </AuthLayout>
  );
}
