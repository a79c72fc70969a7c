import {
  discussionOps,
  gamificationOps,
  learningPathOps,
  reportOps,
  searchOps,
  systemOps,
  wallOps,
} from '@atrium/contract';
import { DEMO_PASSWORD } from '../apps/server/src/features/demo/index.ts';
import type { DatasetSummary } from './dataset.ts';

export interface Credentials {
  username: string;
  password: string;
}

/** One request, repeated by every connection for the whole measurement. */
export interface Journey {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sends `Authorization: Token <key>` obtained once, before measuring, by signIn(). */
  needsToken?: boolean;
  /** Who signs in for a needsToken journey; the demo learner unless set. */
  as?: Credentials;
  /**
   * Connections for this journey instead of the run's (BENCH_CONNECTIONS): reports are opened
   * by a few people at a time, not fifty at once.
   */
  connections?: number;
  /** Why it cannot run on this dataset (e.g. BENCH_COURSES=0): listed as skipped. */
  skip?: string;
}

export const DEMO_LEARNER: Credentials = { username: 'learner', password: DEMO_PASSWORD };
export const DEMO_ADMIN: Credentials = { username: 'admin', password: DEMO_PASSWORD };

export const LOGIN_PATH = '/api/v1/auth/token/login/';

/** The ids some journeys read come from the seeded dataset, never assumed (issue 26). */
export function journeysFor(
  dataset: Pick<
    DatasetSummary,
    'detailCourseId' | 'learningPath' | 'thread' | 'points' | 'reports' | 'search'
  >,
): Journey[] {
  const thread = String(dataset.thread.id);
  const path = dataset.learningPath;
  const noPath =
    'no learning path was seeded (needs BENCH_COURSES >= 6 and BENCH_PATH_LEARNERS > 0)';
  const noPoints =
    dataset.points.entries > 0 ? undefined : 'no point entries were seeded (BENCH_POINT_ENTRIES=0)';
  const progressTable = (query: string): string =>
    `${learningPathOps.enrolments.path}?learning_path=${path?.id ?? 0}&page=1&page_size=20${query}`;
  return [
    { name: 'health', method: 'GET', path: systemOps.health.path },
    // One database round trip: the fairest comparison with the baseline.
    { name: 'ready', method: 'GET', path: systemOps.ready.path },
    { name: 'me', method: 'GET', path: '/api/v1/me/', needsToken: true },
    // The admin's user list over the whole dataset (100k users by default):
    // a selective substring search (trigram index) with role and status filters...
    {
      name: 'users-search',
      method: 'GET',
      path: '/api/v1/accounts/get-users/?search=user_0421&role=3,4&status=active',
      needsToken: true,
      as: DEMO_ADMIN,
    },
    // ...and a deep page of the default listing (newest first).
    {
      name: 'users-page',
      method: 'GET',
      path: '/api/v1/accounts/get-users/?role=4&page=40&page_size=25',
      needsToken: true,
      as: DEMO_ADMIN,
    },
    // The learner's catalogue over 10,000 courses (BENCH_COURSES): a title
    // substring (trigram index on lower(title)) within what a learner may see...
    {
      name: 'courses-search',
      method: 'GET',
      path: '/api/courses/get-courses/?search=first%20aid&level=beginner&page_size=20',
      needsToken: true,
    },
    // ...and one course's detail: course, category, 3 modules with their files, counts.
    {
      name: 'course-detail',
      method: 'GET',
      path: `/api/courses/${dataset.detailCourseId ?? 0}/`,
      needsToken: true,
      skip:
        dataset.detailCourseId === null ? 'no courses were seeded (BENCH_COURSES=0)' : undefined,
    },
    // Learning paths (issue 15), on one path of 5 courses with 5,000 learners
    // (BENCH_PATH_LEARNERS): the enrolled demo learner's path page (items, prerequisites,
    // where they stand in each course)...
    {
      name: 'lp-detail',
      method: 'GET',
      path: learningPathOps.detail.path.replace(':id', String(path?.id ?? 0)),
      needsToken: true,
      skip: path ? undefined : noPath,
    },
    // ...and the admin's progress table of the path: the first page of 20 and its count...
    {
      name: 'lp-progress',
      method: 'GET',
      path: progressTable(''),
      needsToken: true,
      as: DEMO_ADMIN,
      skip: path ? undefined : noPath,
    },
    // ...and the same filtered to the learners in progress (a state computed in SQL).
    {
      name: 'lp-progress-state',
      method: 'GET',
      path: progressTable('&state=in_progress'),
      needsToken: true,
      as: DEMO_ADMIN,
      skip: path ? undefined : noPath,
    },
    // Discussions (issue 20), on an organisation topic with 1,000 answers: the topic as a
    // learner opens it (accepted answer, abilities)...
    {
      name: 'discussion-detail',
      method: 'GET',
      path: discussionOps.detail.path.replace(':id', thread),
      needsToken: true,
    },
    // ...and its first page of 20 top-level answers, each with its replies and reactions.
    {
      name: 'discussion-thread',
      method: 'GET',
      path: `${discussionOps.answers.path.replace(':id', thread)}?page=1&page_size=20`,
      needsToken: true,
    },
    // The social wall (issue 20, part 4): the first page of the organisation's feed as the
    // learner scrolls it (posts, reaction counts, newest comments and mentions: four queries).
    {
      name: 'wall-feed',
      method: 'GET',
      path: `${wallOps.feed.path}?limit=20`,
      needsToken: true,
    },
    // Leaderboards (issue 21) over 10 million point entries of 100,000 learners: the top 50
    // and the learner's own rank, all time (point_totals) and this month (point_monthly).
    {
      name: 'leaderboard-all',
      method: 'GET',
      path: `${gamificationOps.leaderboard.path}?period=all&page=1&page_size=50`,
      needsToken: true,
      skip: noPoints,
    },
    {
      name: 'leaderboard-month',
      method: 'GET',
      path: `${gamificationOps.leaderboard.path}?period=month&page=1&page_size=50`,
      needsToken: true,
      skip: noPoints,
    },
    ...reportJourneys(dataset.reports),
    ...searchJourneys(dataset.search),
  ];
}

/**
 * Global search (issue 23) over the 10,000 courses and BENCH_DISCUSSION_POSTS (100,000)
 * discussion posts, as the learner types in the top bar: common words that match hundreds of
 * courses and thousands of posts (the worst ordinary case: every group ranked and checked
 * against what the learner may open), a misspelt one (trigram), and one kind's second page.
 */
function searchJourneys(search: DatasetSummary['search']): Journey[] {
  const skip =
    search.posts > 0 ? undefined : 'no discussion posts were seeded (BENCH_DISCUSSION_POSTS=0)';
  const q = (query: string) => encodeURIComponent(query);
  return [
    { name: 'search-overview', path: `${searchOps.overview.path}?q=${q('fire safety')}` },
    { name: 'search-typo', path: `${searchOps.overview.path}?q=${q('cyber secruity')}` },
    {
      name: 'search-discussions',
      path: `${searchOps.byKind.path.replace(':kind', 'discussion')}?q=${q('phishing')}&page=2&page_size=20`,
    },
    {
      name: 'search-courses',
      path: `${searchOps.byKind.path.replace(':kind', 'course')}?q=${q('python')}&page=1&page_size=20`,
    },
  ].map((j) => ({ ...j, method: 'GET' as const, needsToken: true, skip }));
}

/** Reports run by a handful of people at once: a dashboard is not fifty clicks a second. */
const REPORT_CONNECTIONS = 10;

/**
 * The admin's dashboards and /reports over 1,000,000 enrolments (issue 22, reports-data.ts):
 * each §7 report of the whole organisation, and the course-completion table filtered by a
 * department (the "admin's filtered course-completion report" of the issue).
 */
function reportJourneys(reports: DatasetSummary['reports']): Journey[] {
  const skip =
    reports.enrolments > 0 ? undefined : 'no report data was seeded (BENCH_ENROLMENTS=0)';
  const year = new Date().getUTCFullYear();
  const report = (name: string, path: string): Journey => ({
    name: `report-${name}`,
    method: 'GET',
    path,
    needsToken: true,
    as: DEMO_ADMIN,
    connections: REPORT_CONNECTIONS,
    skip,
  });
  return [
    report('statistics', reportOps.userStatistics.path),
    report('top-course', reportOps.topCourse.path),
    report('top-learner', reportOps.topLearner.path),
    report('top-user', `${reportOps.topUser.path}?user_type=learner`),
    report('time-spent', `${reportOps.timeSpentMonthly.path}?year=${year}`),
    report('completions', `${reportOps.completionChart.path}?year=${year}`),
    report('sign-ins', `${reportOps.loginChart.path}?year=${year}`),
    report('user-status', reportOps.userStatus.path),
    report('course-statistics', reportOps.courseStatistics.path),
    report('category-statistics', `${reportOps.categoryStatistics.path}?year=${year}`),
    report(
      'course-completion',
      `${reportOps.courseCompletion.path}?department=${reports.departmentId ?? 0}&page=1&page_size=20`,
    ),
    report('trainer-completion', `${reportOps.courseCompletionTrainer.path}?year=${year}`),
    report('at-risk', `${reportOps.learnersAtRisk.path}?page=1&page_size=20`),
  ];
}

/**
 * Signs in once through the token login route and returns the token key, or
 * null when the route does not exist yet (404) so token journeys can be skipped.
 */
export async function signIn(
  baseUrl: string,
  username: string,
  password: string,
): Promise<string | null> {
  const response = await fetch(new URL(LOGIN_PATH, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status === 404) return null;
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`Sign-in as '${username}' answered ${response.status}: ${text.slice(0, 300)}`);
  }
  let token: unknown;
  try {
    token = (JSON.parse(text) as { auth_token?: unknown }).auth_token;
  } catch {
    token = undefined;
  }
  if (typeof token !== 'string' || token === '') {
    throw new Error(
      `Sign-in as '${username}' answered without an auth_token: ${text.slice(0, 300)}`,
    );
  }
  return token;
}
