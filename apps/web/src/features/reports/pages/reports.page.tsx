import { ROLE } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isAdmin, isSuperadmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { CourseCompletionCard, TrainerCompletionCard } from '../components/completion-tables.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import { FreshnessNote } from '../components/freshness-note.tsx';
import { ReportsTabs } from '../components/reports-tabs.tsx';
import {
  CompletionsPerMonth,
  CurrentStatistics,
  SignInsPerMonth,
  TimeSpentPerMonth,
  TopCategories,
  TopCourses,
  TopPeople,
  UsersByStatus,
} from '../components/widgets.tsx';
import { parseFilters, type ReportFilters, toSearchParams } from '../filters.ts';
import { REPORT_NOTICE } from '../labels.ts';

/** How long a report may load before the page asks for patience (spec §9). */
export const SLOW_AFTER_MS = 1000;

/** Whether any report (not a filter's list) has been loading for longer than SLOW_AFTER_MS. */
function useSlowReports(): boolean {
  const fetching = useIsFetching({
    predicate: (q) => q.queryKey[0] === 'reports' && q.queryKey[1] !== 'filters',
  });
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (fetching === 0) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [fetching]);
  return slow;
}

/**
 * '/reports' (spec §2 perm, §6 report widgets): the organisation's learning figures as charts,
 * each with a table alternative, narrowed by the filters in the URL. The server scopes every
 * report: an admin sees their organisation, a superadmin any (the organisation filter) or all, a
 * trainer the courses they wrote and their learners; the widgets that would only show a trainer
 * themselves (top trainers, trainer completion) are left out for them.
 */
export default function ReportsPage() {
  const { user } = useSession();
  const roleId = user?.role.id ?? ROLE.LEARNER;
  const superadmin = isSuperadmin(roleId);
  const wide = isAdmin(roleId);
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params, superadmin);
  const slow = useSlowReports();
  const onChange = (next: ReportFilters) => setParams(toSearchParams(next), { replace: true });
  // Paged tables start again at their first page when the filters change.
  const filterKey = toSearchParams(filters).toString();
  const half = { xs: 12, md: 6 };

  return (
    <PageContainer>
      <PageHeader
        title={wide ? 'Reports' : 'My courses’ reports'}
        subtitle={
          wide
            ? superadmin
              ? 'Learning across organisations: choose one or see them all.'
              : 'Learning in your organisation.'
            : 'The courses you wrote and the learners enrolled in them.'
        }
      />
      <ReportsTabs current="overview" />
      <FilterBar
        filters={filters}
        onChange={onChange}
        canPickOrganisation={superadmin}
        ownOrganisation={user?.membership?.organization.id}
      />
      <FreshnessNote filters={filters} />
      {slow && (
        <Alert severity="info" role="status" sx={{ mb: 3 }}>
          {REPORT_NOTICE}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={12}>
          <CurrentStatistics filters={filters} />
        </Grid>
        <Grid size={half}>
          <TopCourses filters={filters} />
        </Grid>
        <Grid size={half}>
          <TopCategories filters={filters} />
        </Grid>
        <Grid size={half}>
          <TopPeople filters={filters} people="learner" />
        </Grid>
        {wide && (
          <Grid size={half}>
            <TopPeople filters={filters} people="trainer" />
          </Grid>
        )}
        <Grid size={half}>
          <UsersByStatus filters={filters} />
        </Grid>
        <Grid size={half}>
          <SignInsPerMonth filters={filters} />
        </Grid>
        <Grid size={half}>
          <CompletionsPerMonth filters={filters} />
        </Grid>
        {/* Without the top trainers an odd widget is left: it takes the whole row. */}
        <Grid size={wide ? half : 12}>
          <TimeSpentPerMonth filters={filters} />
        </Grid>
        <Grid size={12}>
          <CourseCompletionCard key={filterKey} filters={filters} />
        </Grid>
        {wide && (
          <Grid size={12}>
            <TrainerCompletionCard key={filterKey} filters={filters} />
          </Grid>
        )}
      </Grid>
    </PageContainer>
  );
}
