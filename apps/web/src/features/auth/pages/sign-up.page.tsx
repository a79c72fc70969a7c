import { ZSignupRequest } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { fieldProps, PasswordField } from '../../../shared/forms/form-fields.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { useOrganisationContent } from '../../organisations/index.ts';
import { authApi } from '../api/auth.api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { Outcome } from '../components/outcome.tsx';

const FIELDS = ['first_name', 'last_name', 'username', 'email', 'password', 're_password'] as const;

function SignInLink() {
  return (
    <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
      Already have an account?{' '}
      <Link component={RouterLink} to="/" sx={{ fontWeight: 600 }}>
        Sign in
      </Link>
    </Typography>
  );
}

/** '/signup' (spec §2): the account stays inactive until the e-mailed link is followed. */
export default function SignUpPage() {
  const organisation = useOrganisationContent();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZSignupRequest),
    defaultValues: {
      first_name: '',
      last_name: '',
      username: '',
      email: '',
      password: '',
      re_password: '',
    },
  });
  const signUp = useMutation({
    mutationFn: authApi.signUp,
    onError: (error) => applyServerErrors(error, setError, FIELDS),
  });
  const failure = signUp.isError ? errorMessage(signUp.error) : null;

  if (signUp.isSuccess) {
    return (
      <AuthLayout title="Check your e-mail">
        <Outcome
          tone="mail"
          actions={
            <Button component={RouterLink} to="/" variant="contained" size="large">
              Back to sign in
            </Button>
          }
        >
          {/* The server answers alike when the name or address is taken (no enumeration); the
              mail says which it was. */}
          <Typography>
            We sent a message to <strong>{signUp.data.email}</strong>. Follow its link to confirm
            your address and activate your account; it works once and for 24 hours. If the user name
            or the address was already in use, the message says so instead.
          </Typography>
        </Outcome>
      </AuthLayout>
    );
  }

  if (organisation.data && !organisation.data.allow_signup) {
    return (
      <AuthLayout title="Create an account">
        <Stack spacing={3}>
          <Alert severity="info">
            Sign-up is closed for {organisation.data.title}. Ask your administrator for an account.
          </Alert>
          <SignInLink />
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create an account"
      subtitle="We will e-mail you a link to confirm your address."
    >
      <Box component="form" noValidate onSubmit={handleSubmit((values) => signUp.mutate(values))}>
        <Stack spacing={2.5}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <TextField
              label="First name"
              autoComplete="given-name"
              fullWidth
              {...fieldProps(register('first_name'), errors.first_name)}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              fullWidth
              {...fieldProps(register('last_name'), errors.last_name)}
            />
          </Stack>
          <TextField
            label="User name"
            autoComplete="username"
            required
            fullWidth
            {...fieldProps(register('username'), errors.username)}
          />
          <TextField
            label="E-mail address"
            type="email"
            autoComplete="email"
            required
            fullWidth
            {...fieldProps(register('email'), errors.email)}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            required
            fullWidth
            {...fieldProps(register('password'), errors.password)}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            fullWidth
            {...fieldProps(register('re_password'), errors.re_password)}
          />
          <Button type="submit" variant="contained" size="large" loading={signUp.isPending}>
            Create account
          </Button>
          <SignInLink />
        </Stack>
      </Box>
    </AuthLayout>
  );
}
