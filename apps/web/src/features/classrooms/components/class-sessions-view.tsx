import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useClassDetail } from '../api/classrooms.api.ts';
import { CLASSROOM_MESSAGES, classEditorUrl, classroomClassesUrl } from '../labels.ts';
import { BookingActions } from './booking-actions.tsx';
import { ClassroomProblem } from './not-found.tsx';
import { RequisitesSlot } from './requisites-slot.tsx';
import { SessionCard } from './session-card.tsx';
import { SessionStaffLinks } from './session-staff-links.tsx';

/** A class's sessions by topic: the learner books, waits or cancels; staff open attendees. */
export function ClassSessionsView({ classId }: { classId: number }) {
  const detail = useClassDetail(classId);
  if (detail.isError) {
    return <ClassroomProblem error={detail.error} fallback={CLASSROOM_MESSAGES.classFailed} />;
  }
  const cls = detail.data;
  const sessionCount = cls?.topics.reduce((n, t) => n + t.sessions.length, 0) ?? 0;
  return (
    <PageContainer maxWidth={1000}>
      {cls && (
        <Button
          size="small"
          startIcon={<ArrowBackOutlined />}
          component={RouterLink}
          to={classroomClassesUrl(cls.classroom)}
          sx={{ mb: 1 }}
        >
          {cls.classroom_title}
        </Button>
      )}
      <PageHeader
        title={cls ? cls.name : <Skeleton width={260} />}
        subtitle={
          cls &&
          (cls.booking_mode === 'request'
            ? 'Seats on this class are given on request: your request waits for approval.'
            : cls.description || undefined)
        }
        actions={
          cls?.abilities.edit && (
            <Button
              variant="outlined"
              startIcon={<EditOutlined />}
              component={RouterLink}
              to={classEditorUrl(cls.id)}
            >
              Edit class
            </Button>
          )
        }
      />
      {!cls ? (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      ) : sessionCount === 0 ? (
        <Card>
          <EmptyState icon={<EventBusyOutlined fontSize="large" />}>
            No sessions are scheduled yet.
          </EmptyState>
        </Card>
      ) : (
        <Stack spacing={3}>
          {cls.classroom_status !== 'published' && (
            <Alert severity="info">
              The classroom is not published yet: learners cannot book its sessions.
            </Alert>
          )}
          {cls.topics
            .filter((t) => t.sessions.length > 0)
            .map((topic) => (
              <Stack key={topic.id} component="section" spacing={1.5} aria-label={topic.title}>
                <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
                  {topic.title}
                </Typography>
                {topic.description && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {topic.description}
                  </Typography>
                )}
                <RequisitesSlot target={{ topic: topic.id }} canEdit={false} />
                {topic.sessions.map((s) => (
                  <SessionCard
                    key={s.id}
                    session={s}
                    actions={
                      <>
                        <BookingActions session={s} bookingMode={cls.booking_mode} />
                        <SessionStaffLinks session={s} />
                      </>
                    }
                  />
                ))}
              </Stack>
            ))}
        </Stack>
      )}
    </PageContainer>
  );
}
