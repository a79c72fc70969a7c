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
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { fieldProps, PasswordField } from '../../../shared/forms/form-fields.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { authApi } from '../api/auth.api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { PasswordChanged } from '../components/password-changed.tsx';
import { ZResetByCodeForm } from '../password-schemas.ts';

const FIELDS = ['email', 'otp', 'new_password', 're_new_password'] as const;

/** '/password/reset/Otp/': a new password with the 6-digit code of the reset mail. */
export default function PasswordResetOtpPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZResetByCodeForm),
    defaultValues: { email, otp: '', new_password: '', re_new_password: '' },
  });
  const reset = useMutation({
    mutationFn: authApi.confirmReset,
    onError: (error) => applyServerErrors(error, setError, FIELDS),
  });

  if (reset.isSuccess) return <PasswordChanged message={reset.data.message} />;

  return (
    <AuthLayout
      title="Reset with a code"
      subtitle="Enter the 6-digit code from the reset e-mail and choose a new password."
    >
      <Box component="form" noValidate onSubmit={handleSubmit((values) => reset.mutate(values))}>
        <Stack spacing={2.5}>
          {reset.isError && <Alert severity="error">{errorMessage(reset.error)}</Alert>}
          <TextField
            label="E-mail address or user name"
            autoComplete="username"
            autoFocus={email === ''}
            required
            fullWidth
            {...fieldProps(register('email'), errors.email)}
          />
          <TextField
            label="6-digit code"
            autoComplete="one-time-code"
            autoFocus={email !== ''}
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            {...fieldProps(register('otp'), errors.otp)}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            required
            fullWidth
            {...fieldProps(register('new_password'), errors.new_password)}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            required
            fullWidth
            {...fieldProps(register('re_new_password'), errors.re_new_password)}
          />
          <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
            Change password
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
            No code?{' '}
            <Link component={RouterLink} to="/password/reset/" sx={{ fontWeight: 600 }}>
              Request one
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
