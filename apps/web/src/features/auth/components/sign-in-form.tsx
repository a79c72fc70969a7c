import { ZLoginRequest } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { fieldProps, PasswordField } from '../../../shared/forms/form-fields.tsx';
import { notifyError } from '../../../shared/notify/notify.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import {
  readRememberedUsername,
  rememberUsername,
} from '../../../shared/session/session-storage.ts';
import { useLoadingOverlay } from '../../../shared/ui/loading-overlay.tsx';
import { useOrganisationContent } from '../../organisations/index.ts';
import { authApi } from '../api/auth.api.ts';
import { startSsoSignIn } from '../sso/sso-client.ts';

const ZSignInForm = ZLoginRequest.pick({ username: true, password: true });

/** Sign-in by user name and password (spec §4); portal 'sa' is the super-admin sign-in of /sa. */
export function SignInForm({ portal }: { portal: 'web' | 'sa' }) {
  const organisation = useOrganisationContent();
  const { completeSignIn } = useSession();
  const { withOverlay } = useLoadingOverlay();
  const rememberedUsername = readRememberedUsername();
  const [remember, setRemember] = useState(rememberedUsername !== '');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { username: rememberedUsername, password: '' },
  });

  const signIn = useMutation({
    mutationFn: async (values: { username: string; password: string }) => {
      const { auth_token } = await authApi.login({ ...values, portal });
      // Only the user name is remembered, never the password (see session-storage.ts).
      rememberUsername(remember ? values.username : null);
      return completeSignIn(auth_token);
    },
  });

  const sso = portal === 'web' ? organisation.data?.sso : null;
  const signInWithSso = () => {
    if (!sso) return;
    void withOverlay('Opening your organisation’s sign-in…', () => startSsoSignIn(sso)).catch(
      (error: unknown) =>
        notifyError(
          `Single sign-on is not available right now: ${error instanceof Error ? error.message : 'unknown error'}`,
        ),
    );
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => signIn.mutate(values))}>
      <Stack spacing={2.5}>
        {signIn.isError && <Alert severity="error">{errorMessage(signIn.error)}</Alert>}
        <TextField
          label="User name or e-mail"
          autoComplete="username"
          autoFocus={rememberedUsername === ''}
          required
          fullWidth
          {...fieldProps(register('username'), errors.username)}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          autoFocus={rememberedUsername !== ''}
          required
          fullWidth
          {...fieldProps(register('password'), errors.password)}
        />
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
        >
          <FormControlLabel
            control={
              <Checkbox
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
              />
            }
            label="Remember my user name"
          />
          {portal === 'web' && (
            <Link component={RouterLink} to="/password/recover" variant="body2">
              Forgot password?
            </Link>
          )}
        </Stack>
        <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
          Sign in
        </Button>
        {sso && (
          <>
            <Divider>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                or
              </Typography>
            </Divider>
            <Button
              variant="outlined"
              color="inherit"
              size="large"
              startIcon={<KeyOutlined />}
              onClick={signInWithSso}
            >
              Sign in with single sign-on
            </Button>
          </>
        )}
        {portal === 'web' && organisation.data?.allow_signup && (
          <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
            New here?{' '}
            <Link component={RouterLink} to="/signup" sx={{ fontWeight: 600 }}>
              Create an account
            </Link>
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
