import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useSession } from '../api/classrooms.api.ts';
import { CLASSROOM_MESSAGES, classSessionsUrl } from '../labels.ts';
import { BookingActions } from './booking-actions.tsx';
import { ClassroomProblem } from './not-found.tsx';
import { RequisitesSlot } from './requisites-slot.tsx';
import { SessionCard } from './session-card.tsx';
import { SessionStaffLinks } from './session-staff-links.tsx';

/** One session, as a notification or an invitation links to it: book, wait, cancel. */
export function OneSessionView({ sessionId }: { sessionId: number }) {
  const session = useSession(sessionId);
  if (session.isError) {
    return <ClassroomProblem error={session.error} fallback={CLASSROOM_MESSAGES.sessionsFailed} />;
  }
  const s = session.data;
  return (
    <PageContainer maxWidth={860}>
      <PageHeader
        title={s ? s.title : <Skeleton width={280} />}
        subtitle={s && `${s.classroom_title} · ${s.class_name} · ${s.topic_title}`}
        actions={
          s && (
            <Button
              startIcon={<ArrowBackOutlined />}
              component={RouterLink}
              to={classSessionsUrl(s.class)}
            >
              All sessions of the class
            </Button>
          )
        }
      />
      {s ? (
        <SessionCard
          session={s}
          headingLevel={2}
          actions={
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <BookingActions session={s} />
              <SessionStaffLinks session={s} />
            </Stack>
          }
        />
      ) : (
        <Skeleton variant="rounded" height={180} />
      )}
      {s && <RequisitesSlot target={{ session: s.id }} canEdit={false} />}
    </PageContainer>
  );
}
