import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useSession } from '../api/classrooms.api.ts';
import { AddLearnerDialog } from '../components/attendees/add-learner-dialog.tsx';
import { AttendeesTable } from '../components/attendees/attendees-table.tsx';
import { CheckinCodeDialog } from '../components/attendees/checkin-code-dialog.tsx';
import { ImportLearnersDialog } from '../components/attendees/import-learners-dialog.tsx';
import { SessionReport } from '../components/attendees/session-report.tsx';
import { ClassroomProblem } from '../components/not-found.tsx';
import { SessionStatusChip } from '../components/status-chips.tsx';
import { CLASSROOM_MESSAGES, classEditorUrl, classSessionsUrl } from '../labels.ts';
import { formatSessionWhen } from '../time.ts';

/**
 * '/classroom/attendees/:id': a session's attendees for its managers and trainers: marks in
 * bulk, the check-in code screen, adding and importing learners, and the session's report.
 */
export default function AttendeesPage() {
  const { id } = useParams();
  const sessionId = Number(id);
  const session = useSession(Number.isInteger(sessionId) && sessionId > 0 ? sessionId : null);
  const [dialog, setDialog] = useState<'code' | 'add' | 'import' | null>(null);
  if (!Number.isInteger(sessionId) || sessionId <= 0) {
    return <ClassroomProblem text="This session does not exist." />;
  }
  if (session.isError) {
    return <ClassroomProblem error={session.error} fallback={CLASSROOM_MESSAGES.sessionsFailed} />;
  }
  const s = session.data;
  if (!s) {
    return (
      <PageContainer>
        <Skeleton width={300} height={48} />
        <Skeleton variant="rounded" height={300} sx={{ mt: 2 }} />
      </PageContainer>
    );
  }
  if (!s.abilities.attendance) {
    return (
      <ClassroomProblem text="Only the session's trainers and the classroom's managers see its attendees." />
    );
  }
  const live = s.status !== 'cancelled';
  return (
    <PageContainer>
      <Button
        size="small"
        startIcon={<ArrowBackOutlined />}
        component={RouterLink}
        to={s.abilities.edit ? classEditorUrl(s.class) : classSessionsUrl(s.class)}
        sx={{ mb: 1 }}
      >
        {s.class_name}
      </Button>
      <PageHeader
        title={s.title}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <SessionStatusChip status={s.status} />
            <span>
              {formatSessionWhen(s)} · {s.booked_count}/{s.capacity} booked
              {s.waitlisted_count > 0 && ` · ${s.waitlisted_count} waiting`}
            </span>
          </Stack>
        }
        actions={
          <>
            {live && (
              <Button
                variant="contained"
                startIcon={<QrCode2Outlined />}
                onClick={() => setDialog('code')}
              >
                Show check-in code
              </Button>
            )}
            {s.abilities.edit && (
              <>
                <Button
                  variant="outlined"
                  startIcon={<PersonAddOutlined />}
                  onClick={() => setDialog('add')}
                >
                  Add learner
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<FileUploadOutlined />}
                  onClick={() => setDialog('import')}
                >
                  Import learners
                </Button>
              </>
            )}
          </>
        }
      />
      <Stack spacing={3}>
        <AttendeesTable session={s} />
        <SessionReport sessionId={s.id} />
      </Stack>
      <CheckinCodeDialog open={dialog === 'code'} session={s} onClose={() => setDialog(null)} />
      <AddLearnerDialog open={dialog === 'add'} sessionId={s.id} onClose={() => setDialog(null)} />
      <ImportLearnersDialog
        open={dialog === 'import'}
        sessionId={s.id}
        onClose={() => setDialog(null)}
      />
    </PageContainer>
  );
}
