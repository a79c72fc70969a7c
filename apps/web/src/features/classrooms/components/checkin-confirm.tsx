import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useCheckin } from '../api/bookings.api.ts';
import { useSession } from '../api/classrooms.api.ts';
import { classroomHomeUrl, sessionBookingUrl } from '../labels.ts';
import { formatSessionWhen } from '../time.ts';

/**
 * Where the trainer's QR code leads: the learner sees which session it is and confirms; the code
 * is posted only then, so opening the link by accident checks nobody in.
 */
export function CheckinConfirm({ sessionId, code }: { sessionId: number; code: string }) {
  const session = useSession(sessionId);
  const checkin = useCheckin();
  const s = session.data;
  return (
    <PageContainer maxWidth={640}>
      <PageHeader title="Check in" />
      <Card>
        <CardContent>
          {session.isError ? (
            <Alert severity="error">{errorMessage(session.error)}</Alert>
          ) : !s ? (
            <Skeleton variant="rounded" height={120} />
          ) : checkin.isSuccess ? (
            <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
              <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} aria-hidden />
              <Typography variant="h2" sx={{ fontSize: '1.3rem' }} role="status">
                {checkin.data.attendance === 'late'
                  ? 'You are checked in (late).'
                  : 'You are checked in.'}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>{s.title}</Typography>
              <Button component={RouterLink} to={classroomHomeUrl('sessions')}>
                My sessions
              </Button>
            </Stack>
          ) : (
            <Stack spacing={2}>
              <div>
                <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
                  {s.title}
                </Typography>
                <Typography sx={{ color: 'text.secondary' }}>
                  {s.class_name} · {formatSessionWhen(s)}
                </Typography>
              </div>
              {checkin.isError && <Alert severity="error">{errorMessage(checkin.error)}</Alert>}
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button color="inherit" component={RouterLink} to={sessionBookingUrl(s.id)}>
                  Not now
                </Button>
                <Button
                  variant="contained"
                  loading={checkin.isPending}
                  onClick={() => checkin.mutate({ session: sessionId, code })}
                >
                  Confirm check-in
                </Button>
              </Stack>
            </Stack>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
