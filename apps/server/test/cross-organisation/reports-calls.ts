import type { IdCall } from './calls.ts';

/**
 * Reports (issue 22) in the cross-organisation test: reads with no path id that name acme's
 * organisation, department or designation in the query. globex's people are refused (403 for
 * the organisation, 404 for structure they cannot see); acme's admin, the control, is answered.
 */
export const REPORT_BODY_CALLS: Record<string, IdCall> = {
  'GET /api/report/learners-at-risk/': {
    params: () => ({}),
    query: (f) => `?department=${f.department}`,
  },
  'GET /api/report/top-learner/': {
    params: () => ({}),
    query: (f) => `?organisation=${f.org}`,
  },
  'GET /api/report/user-statistic-report/': {
    params: () => ({}),
    query: (f) => `?department=${f.department}`,
  },
  'GET /api/report/top-course/': { params: () => ({}), query: (f) => `?organisation=${f.org}` },
  'GET /api/report/freshness/': { params: () => ({}), query: (f) => `?organisation=${f.org}` },
  'GET /api/report/user-time-spentmonthly-chart/': {
    params: () => ({}),
    query: (f) => `?designation=${f.designation}`,
  },
  'GET /api/report/number-of-completion-chart/': {
    params: () => ({}),
    query: (f) => `?organisation=${f.org}&year=2025`,
  },
  'GET /api/report/number-of-login-user-chart/': {
    params: () => ({}),
    query: (f) => `?department=${f.department}`,
  },
  'GET /api/report/course-completion/': {
    params: () => ({}),
    query: (f) => `?department=${f.department}&user_type=learner`,
  },
  'GET /api/report/course-completion-trainer/': {
    params: () => ({}),
    query: (f) => `?organisation=${f.org}`,
  },
  'GET /api/report/user-status/': {
    params: () => ({}),
    query: (f) => `?designation=${f.designation}`,
  },
  'GET /api/report/top-user/': { params: () => ({}), query: (f) => `?department=${f.department}` },
  'GET /api/report/overall-course-statistics/': {
    params: () => ({}),
    query: (f) => `?organisation=${f.org}`,
  },
  'GET /api/report/overall-category-statistics/': {
    params: () => ({}),
    query: (f) => `?department=${f.department}&year=2025`,
  },
};
