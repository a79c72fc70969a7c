import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import DialpadOutlined from '@mui/icons-material/DialpadOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';

function Choice({
  to,
  icon,
  title,
  text,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
}) {
  return (
    <Card>
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2.5 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar
            variant="rounded"
            sx={(theme) => ({
              bgcolor: alpha(theme.palette.primary.main, 0.18),
              color: 'text.primary',
              borderRadius: 2,
            })}
          >
            {icon}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="h2" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {text}
            </Typography>
          </Box>
          <ChevronRightRounded aria-hidden />
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/**
 * '/password/recover': where "Forgot password?" leads. Both ways in are offered: request a mail
 * (it carries a link and a 6-digit code) or enter a code already received.
 */
export default function PasswordRecoverPage() {
  return (
    <AuthLayout title="Trouble signing in?" subtitle="Choose how you want to reset your password.">
      <Stack spacing={2}>
        <Choice
          to="/password/reset/"
          icon={<ForwardToInboxOutlined />}
          title="E-mail me a reset link"
          text="We send a link and a one-time code to your e-mail address."
        />
        <Choice
          to="/password/reset/Otp/"
          icon={<DialpadOutlined />}
          title="I have a code"
          text="Enter the 6-digit code from the e-mail and choose a new password."
        />
        <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary', pt: 1 }}>
          Remembered it?{' '}
          <Link component={RouterLink} to="/" sx={{ fontWeight: 600 }}>
            Back to sign in
          </Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
