import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { fieldProps, PasswordField } from '../../../shared/forms/form-fields.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { authApi } from '../api/auth.api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { PasswordChanged } from '../components/password-changed.tsx';
import { ZResetByLinkForm } from '../password-schemas.ts';

const FIELDS = ['new_password', 're_new_password'] as const;

/** '/password/reset/confirm/:uid/:token': the link of the reset mail. */
export default function PasswordResetConfirmPage() {
  const { uid = '', token = '' } = useParams();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZResetByLinkForm),
    defaultValues: { new_password: '', re_new_password: '' },
  });
  const reset = useMutation({
    mutationFn: authApi.confirmReset,
    onError: (error) => applyServerErrors(error, setError, FIELDS),
  });

  if (reset.isSuccess) return <PasswordChanged message={reset.data.message} />;

  return (
    <AuthLayout title="Choose a new password" subtitle="You will sign in with it from now on.">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((values) => reset.mutate({ uid, token, ...values }))}
      >
        <Stack spacing={2.5}>
          {reset.isError && (
            <Alert severity="error">
              {errorMessage(reset.error)}{' '}
              <Link component={RouterLink} to="/password/reset/">
                Request a new link
              </Link>
            </Alert>
          )}
          <PasswordField
            label="New password"
            autoComplete="new-password"
            autoFocus
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
            <Link component={RouterLink} to="/" sx={{ fontWeight: 600 }}>
              Back to sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
