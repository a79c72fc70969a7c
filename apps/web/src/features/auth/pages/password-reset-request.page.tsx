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
import { fieldProps } from '../../../shared/forms/form-fields.tsx';
import { authApi } from '../api/auth.api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { Outcome } from '../components/outcome.tsx';
import { ZResetRequestForm } from '../password-schemas.ts';

/** '/password/reset/': asks for a reset mail, which carries both a link and a 6-digit code. */
export default function PasswordResetRequestPage() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZResetRequestForm), defaultValues: { email: '' } });
  const request = useMutation({ mutationFn: authApi.requestReset });

  if (request.isSuccess) {
    const codeLink = `/password/reset/Otp/?email=${encodeURIComponent(request.variables.email)}`;
    return (
      <AuthLayout title="Check your e-mail">
        <Outcome
          tone="mail"
          actions={
            <>
              <Button component={RouterLink} to={codeLink} variant="contained" size="large">
                Enter the code
              </Button>
              <Button component={RouterLink} to="/" variant="outlined" color="inherit" size="large">
                Back to sign in
              </Button>
            </>
          }
        >
          <Typography>{request.data.message}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            Follow the link in the mail, or enter its code here. The code is valid for 10 minutes,
            the link for 30.
          </Typography>
        </Outcome>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the e-mail address or user name of your account."
    >
      <Box component="form" noValidate onSubmit={handleSubmit((values) => request.mutate(values))}>
        <Stack spacing={2.5}>
          {request.isError && <Alert severity="error">{errorMessage(request.error)}</Alert>}
          <TextField
            label="E-mail address or user name"
            autoComplete="username"
            autoFocus
            required
            fullWidth
            {...fieldProps(register('email'), errors.email)}
          />
          <Button type="submit" variant="contained" size="large" loading={request.isPending}>
            Send reset e-mail
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
            <Link component={RouterLink} to="/" sx={{ fontWeight: 600 }}>
              Back to sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
