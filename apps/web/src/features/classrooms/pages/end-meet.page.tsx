import CallEndOutlined from '@mui/icons-material/CallEndOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { useMeetingEnd } from '../api/meetings.api.ts';
import { ClassroomProblem } from '../components/not-found.tsx';
import { SurveyForm } from '../components/survey-form.tsx';
import { classroomHomeUrl, sessionBookingUrl } from '../labels.ts';
import { formatDateTime } from '../time.ts';

/** '/end-meet/:uuid': where a participant lands when an online session's meeting ends. */
export default function EndMeetPage() {
  const { uuid = '' } = useParams();
  const end = useMeetingEnd(uuid);
  if (end.isError) return <ClassroomProblem error={end.error} />;
  const e = end.data;
  return (
    <PageContainer maxWidth={720}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack spacing={2.5}>
            <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
              <CallEndOutlined sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
              <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
                {e && !e.ended ? 'You left the meeting' : 'The meeting has ended'}
              </Typography>
              {e ? (
                <Typography sx={{ color: 'text.secondary' }}>
                  {e.title} · {e.class_name} · {e.classroom_title}
                </Typography>
              ) : (
                <Skeleton width={260} />
              )}
            </Stack>
            {e?.survey_open && (
              <Stack spacing={1}>
                <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
                  How was it?
                </Typography>
                <SurveyForm sessionId={e.session} />
              </Stack>
            )}
            {e?.next_session && (
              <Typography>
                Next:{' '}
                <RouterLink to={sessionBookingUrl(e.next_session.id)}>
                  {e.next_session.title}
                </RouterLink>
                , {formatDateTime(e.next_session.starts_at)}
              </Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
              {e && !e.ended && (
                <Button variant="outlined" component={RouterLink} to={sessionBookingUrl(e.session)}>
                  Back to the session
                </Button>
              )}
              <Button variant="contained" component={RouterLink} to={classroomHomeUrl('sessions')}>
                My sessions
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
