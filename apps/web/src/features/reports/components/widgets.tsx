import { widgetSource } from '../api/exports.api.ts';
import {
  useCategoryStatistics,
  useCompletionChart,
  useLoginChart,
  useTimeSpentChart,
  useTopCourses,
  useTopLearners,
  useUserStatistics,
  useUserStatus,
} from '../api/reports.api.ts';
import {
  categoriesDataset,
  formatSeconds,
  learnersDataset,
  monthlyDataset,
  topCoursesDataset,
  userStatusDataset,
} from '../datasets.ts';
import { type ReportFilters, rangeOf, scopeOf, userTypeOf, yearOf } from '../filters.ts';
import { ReportCard } from './report-card.tsx';
import { StatisticsTiles } from './statistics-tiles.tsx';

/*
 * The chart widgets of /reports (spec §6): each asks for its report with exactly the filters it
 * takes and draws it through ReportCard (chart, table, loading, empty, error).
 */

type Props = { filters: ReportFilters };

const rangeText = (f: ReportFilters) =>
  f.from || f.to ? `${f.from ?? 'the start'} to ${f.to ?? 'today'}` : null;
const yearText = (f: ReportFilters) => String(f.year ?? new Date().getFullYear());

export function CurrentStatistics({ filters }: Props) {
  const report = useUserStatistics(rangeOf(filters));
  const range = rangeText(filters);
  return (
    <ReportCard
      title="Current statistics"
      source={widgetSource('user-statistic-report', rangeOf(filters))}
      subtitle={
        range ? `Activity from ${range}.` : 'New users: the last 30 days; activity: all time.'
      }
      query={report}
      emptyText="Nothing to count yet."
      skeletonHeight={150}
      isEmpty={() => false}
    >
      {(stats) => <StatisticsTiles stats={stats} />}
    </ReportCard>
  );
}

export function TopCourses({ filters }: Props) {
  const report = useTopCourses(rangeOf(filters));
  return (
    <ReportCard
      title="Top 5 courses"
      source={widgetSource('top-course', rangeOf(filters))}
      subtitle="By enrolments, with completions."
      query={report}
      dataset={topCoursesDataset}
      kind="ranking"
      emptyText="No enrolments for these filters."
    />
  );
}

export function TopCategories({ filters }: Props) {
  const report = useCategoryStatistics(yearOf(filters));
  return (
    <ReportCard
      title="Top 5 categories"
      source={widgetSource('overall-category-statistics', yearOf(filters))}
      subtitle={filters.year ? `Enrolments in ${filters.year}.` : 'Enrolments of all time.'}
      query={report}
      dataset={categoriesDataset}
      kind="ranking"
      emptyText="No enrolments in any category yet."
    />
  );
}

export function TopPeople({ filters, people }: Props & { people: 'learner' | 'trainer' }) {
  const report = useTopLearners({ ...rangeOf(filters), role_name: people });
  const learners = people === 'learner';
  return (
    <ReportCard
      title={learners ? 'Top learners' : 'Top trainers'}
      source={widgetSource('top-learner', { ...rangeOf(filters), role_name: people })}
      subtitle={learners ? 'By courses completed.' : 'By completions in the courses they wrote.'}
      query={report}
      dataset={learnersDataset}
      kind="ranking"
      emptyText={learners ? 'No learner has completed a course yet.' : 'No completions yet.'}
    />
  );
}

export function UsersByStatus({ filters }: Props) {
  const report = useUserStatus({ ...scopeOf(filters), ...userTypeOf(filters) });
  return (
    <ReportCard
      title="Users by status"
      source={widgetSource('user-status', { ...scopeOf(filters), ...userTypeOf(filters) })}
      query={report}
      dataset={userStatusDataset}
      kind="pie"
      emptyText="No accounts for these filters."
    />
  );
}

export function SignInsPerMonth({ filters }: Props) {
  const report = useLoginChart(yearOf(filters));
  return (
    <ReportCard
      title="Sign-ins per month"
      source={widgetSource('number-of-login-user-chart', yearOf(filters))}
      subtitle={yearText(filters)}
      query={report}
      dataset={(d) => monthlyDataset(d, 'Sign-ins per month')}
      kind="line"
      emptyText="Nobody signed in this year."
    />
  );
}

export function CompletionsPerMonth({ filters }: Props) {
  const report = useCompletionChart(yearOf(filters));
  return (
    <ReportCard
      title="Enrolments and completions per month"
      source={widgetSource('number-of-completion-chart', yearOf(filters))}
      subtitle={yearText(filters)}
      query={report}
      dataset={(d) => monthlyDataset(d, 'Enrolments and completions per month')}
      kind="bar"
      emptyText="No enrolments or completions this year."
    />
  );
}

export function TimeSpentPerMonth({ filters }: Props) {
  const report = useTimeSpentChart(yearOf(filters));
  return (
    <ReportCard
      title="Time spent per month"
      source={widgetSource('user-time-spentmonthly-chart', yearOf(filters))}
      subtitle={`${yearText(filters)}, in hours on the chart.`}
      query={report}
      dataset={(d) => monthlyDataset(d, 'Time spent per month', formatSeconds)}
      kind="line"
      // The axis in hours (one decimal); tooltips and the table keep the exact duration.
      scale={(seconds) => Math.round(seconds / 360) / 10}
      emptyText="No time recorded this year."
    />
  );
}
