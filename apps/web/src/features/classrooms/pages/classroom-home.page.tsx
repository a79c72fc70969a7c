import { ROLE, type TClassroom } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import VideoSettingsOutlined from '@mui/icons-material/VideoSettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useDeleteClassroom, usePublishClassroom } from '../api/classrooms.api.ts';
import { BrowseClassrooms } from '../components/browse-classrooms.tsx';
import { ClassroomDialog } from '../components/classroom-dialog.tsx';
import { type ClassroomAction, ClassroomTable } from '../components/classroom-table.tsx';
import { HOME_EXTRA_TABS } from '../components/home-tabs.tsx';
import { MeetingSettingsDialog } from '../components/meeting-settings-dialog.tsx';

type TabKey = 'classrooms' | 'browse' | 'sessions' | 'attendance' | 'dashboard' | 'calendar';
/** Learners open on their own sessions; staff on their classrooms. */
const TAB_ORDER: TabKey[] = [
  'sessions',
  'attendance',
  'classrooms',
  'browse',
  'dashboard',
  'calendar',
];
const TAB_LABEL: Record<TabKey, string> = {
  classrooms: 'Classrooms',
  browse: 'Browse',
  sessions: 'My sessions',
  attendance: 'My attendance',
  dashboard: 'Dashboard',
  calendar: 'Calendar',
};

/**
 * '/classroom': staff manage their classrooms (with the dashboard and the calendar beside);
 * learners see their sessions and browse the published classrooms.
 */
export default function ClassroomHomePage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<{ classroom: TClassroom | null } | null>(null);
  const [deleting, setDeleting] = useState<TClassroom | null>(null);
  const [meetings, setMeetings] = useState(false);
  const publish = usePublishClassroom();
  const remove = useDeleteClassroom();
  if (!user) return null;

  const roleId = user.role.id;
  const staff = roleId <= ROLE.TRAINER;
  const extra = HOME_EXTRA_TABS.filter((t) => (staff ? t.staff : t.learner));
  const present = new Set<TabKey>([staff ? 'classrooms' : 'browse', ...extra.map((t) => t.key)]);
  const tabs = TAB_ORDER.filter((t) => present.has(t));
  const asked = params.get('tab') as TabKey | null;
  const tab = asked && tabs.includes(asked) ? asked : (tabs[0] as TabKey);

  const onAction = (classroom: TClassroom, action: ClassroomAction) => {
    if (action === 'edit') setDialog({ classroom });
    else if (action === 'delete') {
      remove.reset();
      setDeleting(classroom);
    } else {
      publish.mutate(
        { classroom: classroom.id, action },
        {
          onSuccess: (next) => {
            if (action === 'withdraw') notifySuccess('Classroom returned to draft.');
            else if (next.status === 'published') notifySuccess('Classroom published.');
            else notifySuccess('Sent for approval.');
          },
        },
      );
    }
  };

  const extraTab = extra.find((t) => t.key === tab);
  return (
    <PageContainer>
      <PageHeader
        title="Classroom"
        subtitle={
          staff
            ? 'Instructor-led classes: their sessions, trainers, rooms, seats and attendance.'
            : 'Book seats on instructor-led sessions and keep track of the ones you attend.'
        }
        actions={
          staff && (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setDialog({ classroom: null })}
            >
              New classroom
            </Button>
          )
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TabKey) => setParams({ tab: next }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Classroom views"
        >
          {tabs.map((t) => (
            <Tab key={t} value={t} label={TAB_LABEL[t]} />
          ))}
        </Tabs>
      </Box>
      {tab === 'classrooms' && (
        <ClassroomTable
          onAction={onAction}
          publishesDirectly={isAdmin(roleId)}
          toolbar={
            // The meeting provider is the organisation's: its admins' to choose.
            isAdmin(roleId) && (
              <Button
                variant="outlined"
                startIcon={<VideoSettingsOutlined />}
                onClick={() => setMeetings(true)}
                aria-haspopup="dialog"
              >
                Meeting settings
              </Button>
            )
          }
        />
      )}
      {tab === 'browse' && <BrowseClassrooms />}
      {extraTab && <extraTab.Panel />}
      <ClassroomDialog
        open={dialog !== null}
        classroom={dialog?.classroom}
        onClose={() => setDialog(null)}
      />
      <MeetingSettingsDialog open={meetings} onClose={() => setMeetings(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete classroom?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
      >
        {remove.isError ? (
          <Box component="span" role="alert" sx={{ color: 'error.main' }}>
            {errorMessage(remove.error)}
          </Box>
        ) : (
          `“${deleting?.title ?? ''}” is deleted with its classes, topics and sessions. A classroom with booked learners cannot be deleted: cancel its sessions first.`
        )}
      </ConfirmDialog>
    </PageContainer>
  );
}
