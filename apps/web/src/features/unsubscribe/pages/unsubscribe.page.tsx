import type { TUnsubscribeState } from '@atrium/contract';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import WifiOffRounded from '@mui/icons-material/WifiOffRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { AuthLayout } from '../../auth/index.ts';
import { useOrganisation } from '../../organisations/index.ts';
import { useUnsubscribe, useUnsubscribeState } from '../api/unsubscribe.api.ts';

/** Where a signed-in user changes every type and channel (NotificationPreferencesCard). */
const SETTINGS_PATH = '/myprofile';

/**
 * 404 is the server's answer to a forged, truncated or orphaned token, 400 to a malformed one;
 * the same link will never work, so retrying is pointless (unlike a lost connection or a 5xx).
 */
const isBadLink = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
const isForced = (error: unknown) => error instanceof ApiError && error.status === 409;

const quoted = (label: string) => `“${label}”`;

/** Why a request failed, in words: a lost connection, or what the server said went wrong. */
function failure(error: unknown, organisation: string): string {
  if (error instanceof ApiError && error.isNetworkError) {
    return `${organisation} could not be reached. Check your connection and try again.`;
  }
  return errorMessage(error);
}

/**
 * '/unsubscribe?token=…': the page behind every notification mail's unsubscribe link. Public, so
 * it works from any device the mail is read on; opening it changes nothing (mail scanners follow
 * links), only the button turns the e-mail off.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const state = useUnsubscribeState(token);
  const unsubscribe = useUnsubscribe(token);

  if (token === '' || isBadLink(state.error) || isBadLink(unsubscribe.error)) {
    return <InvalidLink />;
  }
  if (state.isPending) {
    return (
      <AuthLayout title="E-mail notifications">
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Checking your link…</Typography>
        </Stack>
      </AuthLayout>
    );
  }
  if (state.isError) {
    return (
      <Unreachable
        error={state.error}
        retrying={state.isFetching}
        onRetry={() => void state.refetch()}
      />
    );
  }

  const { label } = state.data;
  if (state.data.forced || isForced(unsubscribe.error)) return <Forced label={label} />;
  if (state.data.unsubscribed) {
    return <Unsubscribed label={label} already={!unsubscribe.isSuccess} />;
  }
  return (
    <Confirm
      data={state.data}
      busy={unsubscribe.isPending}
      error={unsubscribe.error}
      onConfirm={() => unsubscribe.mutate()}
    />
  );
}

/** The organisation the mail came from, as the host's theme names it. */
function useOrganisationName(): string {
  return useOrganisation()?.title || 'your organisation';
}

function Confirm({
  data,
  busy,
  error,
  onConfirm,
}: {
  data: TUnsubscribeState;
  busy: boolean;
  error: Error | null;
  onConfirm: () => void;
}) {
  const organisation = useOrganisationName();
  return (
    <AuthLayout
      title="Stop these e-mails?"
      subtitle={`This link turns off one kind of e-mail from ${organisation} for the account it was sent to.`}
    >
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <MarkEmailUnreadOutlined color="primary" aria-hidden />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              E-mails about
            </Typography>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{data.label}</Typography>
          </Box>
        </Paper>
        <Typography sx={{ color: 'text.secondary' }}>
          Other e-mails and your notifications in the app stay as they are.
        </Typography>
        {error && (
          <Alert severity="error">Your choice was not saved. {failure(error, organisation)}</Alert>
        )}
        <Button
          variant="contained"
          size="large"
          onClick={onConfirm}
          loading={busy}
          loadingPosition="start"
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          Stop e-mails about {quoted(data.label)}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

function Unsubscribed({ label, already }: { label: string; already: boolean }) {
  const news = useRef<HTMLParagraphElement>(null);
  // The button that had the focus is gone: the focus moves to the news that replaced it.
  useEffect(() => {
    if (!already) news.current?.focus();
  }, [already]);
  return (
    <AuthLayout title={already ? 'Already unsubscribed' : 'You are unsubscribed'}>
      <Outcome icon={<TaskAltRounded color="success" sx={{ fontSize: 56 }} />}>
        <Typography ref={news} tabIndex={-1} sx={{ outline: 'none' }}>
          {already
            ? `E-mails about ${quoted(label)} are already off: you will not get them any more.`
            : `You will no longer get e-mails about ${quoted(label)}.`}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          You can change this in your profile’s{' '}
          <Link component={RouterLink} to={SETTINGS_PATH} underline="always">
            notification settings
          </Link>
          .
        </Typography>
      </Outcome>
    </AuthLayout>
  );
}

function Forced({ label }: { label: string }) {
  const organisation = useOrganisationName();
  return (
    <AuthLayout title="These e-mails cannot be turned off">
      <Outcome
        icon={<LockOutlined color="warning" sx={{ fontSize: 56 }} />}
        actions={<NextSteps />}
      >
        <Typography>
          {organisation} requires e-mails about {quoted(label)} for every member, so they stay on.
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          Only your organisation’s administrators can change this. Your other e-mails can still be
          turned off in your profile’s notification settings.
        </Typography>
      </Outcome>
    </AuthLayout>
  );
}

function InvalidLink() {
  return (
    <AuthLayout title="This link does not work">
      <Outcome
        icon={<ErrorOutlineRounded color="error" sx={{ fontSize: 56 }} />}
        actions={<NextSteps />}
      >
        <Typography>This unsubscribe link is not valid.</Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          It may have been cut short: open it from the e-mail again, or copy the whole address. You
          can also turn e-mails off in your profile’s notification settings.
        </Typography>
      </Outcome>
    </AuthLayout>
  );
}

function Unreachable({
  error,
  retrying,
  onRetry,
}: {
  error: Error;
  retrying: boolean;
  onRetry: () => void;
}) {
  const organisation = useOrganisationName();
  return (
    <AuthLayout title="Your link could not be checked">
      <Outcome
        icon={<WifiOffRounded color="error" sx={{ fontSize: 56 }} />}
        actions={
          <Button variant="contained" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        }
      >
        <Typography role="alert">{failure(error, organisation)}</Typography>
        <Typography sx={{ color: 'text.secondary' }}>Nothing has been changed.</Typography>
      </Outcome>
    </AuthLayout>
  );
}

/** The notification settings, or signing in first for a visitor without a session. */
function NextSteps() {
  const { token } = useSession();
  return token ? (
    <Button component={RouterLink} to={SETTINGS_PATH} variant="contained">
      Notification settings
    </Button>
  ) : (
    <Button component={RouterLink} to="/" variant="contained">
      Sign in
    </Button>
  );
}

function Outcome({
  icon,
  children,
  actions,
}: {
  icon: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start', pt: 1 }}>
      <Box aria-hidden sx={{ display: 'flex' }}>
        {icon}
      </Box>
      {children}
      {actions && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
