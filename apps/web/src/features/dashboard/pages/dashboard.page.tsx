import { ROLE, type TSessionUser } from '@atrium/contract';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { formatDuration } from '../../../shared/format/duration.ts';
import { routeItems, toDrawerItems } from '../../../shared/menu/drawer-items.ts';
import { isPermitted } from '../../../shared/menu/permitted.ts';
import { isAdmin, isSuperadmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { useActivity } from '../../activity/index.ts';
import { UpcomingCard } from '../../calendar/index.ts';
import { JournalCard, PlanCard, SharedJournalCard } from '../../journals/index.ts';
import { MyLearningPathsCard } from '../../learning-paths/index.ts';
import { useCounters } from '../../notifications/index.ts';
import { TodoCard } from '../../todo/index.ts';
import { CourseCompletionCard } from '../components/course-completion-card.tsx';
import { DueSoonCard } from '../components/due-soon-card.tsx';
import { LearnersAtRiskCard } from '../components/learners-at-risk-card.tsx';
import { MyActivityCard } from '../components/my-activity-card.tsx';
import { MyCertificatesCard } from '../components/my-certificates-card.tsx';
import { MyCoursesCard } from '../components/my-courses-card.tsx';
import { PendingApproval } from '../components/pending-approval.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { ShortcutsCard } from '../components/shortcuts-card.tsx';
import { SignInList } from '../components/sign-in-list.tsx';
import { type Stat, StatTiles } from '../components/stat-tiles.tsx';

/** One page of recent module visits is what the chart and the time tile are built from. */
const RECENT_VISITS = 100;
/** Spec §8 catalogue. */
const LOAD_FAILED = 'Could not get dashboard data.';

function greeting(now = new Date()): string {
  const hour = now.getHours();
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

function Header({ user }: { user: TSessionUser }) {
  return (
    <Box sx={{ mb: { xs: 3, sm: 4 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {greeting()}, {user.first_name || user.fullname}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
        {user.role.name} · {user.membership.organization.title}
      </Typography>
    </Box>
  );
}

/** A count tile's value: '–' when it could not be loaded, undefined while loading. */
function countOf(query: { data?: { count: number }; isError: boolean }): string | undefined {
  if (query.data) return String(query.data.count);
  return query.isError ? '–' : undefined;
}

/**
 * '/dashboard' for every role, from the data that exists so far: the profile, shortcuts built
 * from the permitted menu, counts, your own activity and, for admins, the organisation's
 * recent sign-ins (a superadmin sees every organisation's). Per role (issue 22): a learner's
 * due dates and certificates; a trainer's learners at risk; a trainer's or admin's courses'
 * completion.
 */
export default function DashboardPage() {
  const { user, menu, permittedPaths } = useSession();
  const admin = user ? isAdmin(user.role.id) : false;
  const superadmin = user ? isSuperadmin(user.role.id) : false;
  const approved = user?.is_approved ?? false;
  const me = user?.id;

  const moduleTime = useActivity(
    { user: me, kind: 'module_time', page_size: RECENT_VISITS },
    approved,
    LOAD_FAILED,
  );
  const mySignIns = useActivity({ user: me, kind: 'sign_in', page_size: 5 }, approved, LOAD_FAILED);
  const counters = useCounters();
  const organisationSignIns = useActivity(
    { kind: 'sign_in', page_size: 8 },
    approved && admin,
    LOAD_FAILED,
  );
  const shortcuts = useMemo(() => routeItems(toDrawerItems(menu)), [menu]);

  if (!user) return null;

  if (!approved) {
    return (
      <Box sx={{ maxWidth: 1040, mx: 'auto', p: { xs: 2, sm: 4 } }}>
        <Header user={user} />
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 7 }}>
            <PendingApproval approvalStatus={user.approval_status} />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <ProfileCard user={user} />
          </Grid>
        </Grid>
      </Box>
    );
  }

  // Learners follow their paths here; the list needs the /learning-path menu permission.
  const learner = user.role.id === ROLE.LEARNER;
  const learnerPaths = learner && isPermitted('/learning-path', permittedPaths);
  // What the next days hold, from the calendar (its reads need the /calendar menu permission).
  const calendar = isPermitted('/calendar', permittedPaths);
  // Staff figures come from the reports (their reads need the /reports menu permission): a
  // trainer's learners at risk, and a trainer's or admin's courses' completion.
  const reports = isPermitted('/reports', permittedPaths);
  const trainerReports = reports && user.role.id === ROLE.TRAINER;
  const completion = reports && (admin || user.role.id === ROLE.TRAINER);
  const visits = moduleTime.data?.results ?? [];
  const trackedSeconds = visits.reduce((sum, entry) => sum + (entry.time_spent ?? 0), 0);
  const stats: Stat[] = [
    {
      key: 'notifications',
      label: 'Unread notifications',
      icon: <NotificationsOutlined />,
      // The live count (the stream keeps it fresh, as the bell's); the session's is a snapshot.
      value: String(counters.data?.notifications ?? user.profile.unread_notification),
    },
    {
      key: 'sign-ins',
      label: 'Your sign-ins',
      icon: <LoginOutlined />,
      value: countOf(mySignIns),
    },
    {
      key: 'time',
      label: 'Time in modules',
      icon: <AccessTimeOutlined />,
      // Whole minutes once there are any: seconds add nothing here and crowd a phone's tile.
      value: moduleTime.data
        ? formatDuration(
            trackedSeconds < 60 ? trackedSeconds : Math.round(trackedSeconds / 60) * 60,
          )
        : moduleTime.isError
          ? '–'
          : undefined,
      caption:
        moduleTime.data && moduleTime.data.count > visits.length
          ? `Over your last ${visits.length} module visits`
          : undefined,
    },
  ];
  if (admin) {
    stats.push({
      key: 'organisation-sign-ins',
      label: superadmin ? 'Sign-ins, all organisations' : 'Organisation sign-ins',
      icon: <GroupsOutlined />,
      value: countOf(organisationSignIns),
    });
  }

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', p: { xs: 2, sm: 3, lg: 4 } }}>
      <Header user={user} />
      <Box sx={{ mb: 2.5 }}>
        <StatTiles stats={stats} />
      </Box>
      <Grid container spacing={2.5}>
        {/* Everyone's next actions (issue 22), each by its own page's rules: no menu permission. */}
        <Grid size={{ xs: 12 }}>
          <TodoCard />
        </Grid>
        {learner && (
          <Grid size={{ xs: 12, md: learnerPaths ? 6 : 12 }}>
            <MyCoursesCard />
          </Grid>
        )}
        {learnerPaths && (
          <Grid size={{ xs: 12, md: 6 }}>
            <MyLearningPathsCard />
          </Grid>
        )}
        {learner && calendar && (
          <Grid size={{ xs: 12, md: 6 }}>
            <DueSoonCard />
          </Grid>
        )}
        {learner && (
          <Grid size={{ xs: 12, md: calendar ? 6 : 12 }}>
            <MyCertificatesCard />
          </Grid>
        )}
        {trainerReports && (
          <Grid size={{ xs: 12, md: 6 }}>
            <LearnersAtRiskCard />
          </Grid>
        )}
        {completion && (
          <Grid size={{ xs: 12, md: trainerReports ? 6 : 12 }}>
            <CourseCompletionCard
              title={trainerReports ? 'My courses’ completion' : 'Courses’ completion'}
            />
          </Grid>
        )}
        {calendar && (
          <Grid size={{ xs: 12 }}>
            <UpcomingCard />
          </Grid>
        )}
        {/* Everyone's own plan and journal (issue 22): personal, so no menu permission. */}
        <Grid size={{ xs: 12, md: 6 }}>
          <PlanCard />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <JournalCard />
        </Grid>
        {!learner && (
          <Grid size={{ xs: 12 }}>
            <SharedJournalCard />
          </Grid>
        )}
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <ProfileCard user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          <MyActivityCard moduleTime={moduleTime} />
        </Grid>
        <Grid size={{ xs: 12, lg: admin ? 12 : 8 }}>
          <ShortcutsCard items={shortcuts} />
        </Grid>
        <Grid size={{ xs: 12, md: admin ? 5 : 12, lg: 4 }}>
          <SignInList title="Your recent sign-ins" signIns={mySignIns} />
        </Grid>
        {admin && (
          <Grid size={{ xs: 12, md: 7, lg: 8 }}>
            <SignInList
              title={superadmin ? 'Recent sign-ins' : 'Recent sign-ins in your organisation'}
              subtitle="Who signed in lately."
              signIns={organisationSignIns}
              showUser
            />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}
