import type { TMonthlyChart } from '@atrium/contract';

/* Report responses for the tests (tests only). */

const months = (year: number) =>
  Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);

export const monthly = (
  year: number,
  series: { key: string; label: string; at: Record<number, number> }[],
): TMonthlyChart => ({
  year,
  labels: months(year),
  series: series.map((s) => ({
    key: s.key,
    label: s.label,
    data: Array.from({ length: 12 }, (_, i) => s.at[i + 1] ?? 0),
  })),
});

export const page = <T>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

export const statistics = {
  users: 42,
  learners: 30,
  trainers: 8,
  admins: 4,
  active_users: 40,
  new_users: 7,
  courses: 12,
  published_courses: 10,
  enrolments: 120,
  completions: 45,
  logins: 301,
};

export const topCourses = {
  results: [
    { course: { id: 1, title: 'Safety basics' }, enrolled: 20, completed: 15, completion_rate: 75 },
    { course: { id: 2, title: 'Fire drill' }, enrolled: 10, completed: 2, completion_rate: 20 },
  ],
};

export const categories = {
  year: null,
  results: [
    {
      category: { id: 3, name: 'Compliance' },
      courses: 4,
      enrolled: 30,
      completed: 12,
      completion_rate: 40,
    },
    { category: null, courses: 1, enrolled: 3, completed: 0, completion_rate: 0 },
  ],
};

const person = (id: number, fullname: string) => ({ id, fullname, email: `${id}@example.org` });

export const topLearners = (role: 'learner' | 'trainer') => ({
  role_name: role,
  results:
    role === 'learner'
      ? [{ user: person(7, 'Ada Learner'), enrolled: 5, completed: 4 }]
      : [{ user: person(8, 'Tom Trainer'), enrolled: 25, completed: 17 }],
});

export const userStatus = { total: 50, active: 40, inactive: 5, pending: 3, rejected: 2 };

export const courseCompletion = page([
  {
    course: { id: 1, title: 'Safety basics' },
    enrolled: 20,
    not_started: 3,
    in_progress: 2,
    completed: 15,
    completion_rate: 75,
    average_progress: 82.5,
  },
]);

export const trainerCompletion = page([
  {
    trainer: person(8, 'Tom Trainer'),
    courses: 2,
    enrolled: 25,
    completed: 17,
    completion_rate: 68,
  },
]);
