import type {
  TBadge,
  TBadgeGallery,
  TLeaderboard,
  TLeaderboardEntry,
  TUserPointDetail,
} from '@atrium/contract';

/* Builders of gamification answers for the screens' tests. */

export const level = (name = 'Explorer', color = '#1e88e5') => ({
  id: 2,
  name,
  min_points: 100,
  color,
  image_url: null,
});

export function entry(overrides: Partial<TLeaderboardEntry> = {}): TLeaderboardEntry {
  return {
    rank: 1,
    person: { id: 7, fullname: 'Ada Admin', avatar: null, anonymous: false },
    points: 300,
    level: level(),
    is_me: false,
    ...overrides,
  };
}

export function board(
  results: TLeaderboardEntry[],
  overrides: Partial<TLeaderboard> = {},
): TLeaderboard {
  return {
    count: results.length,
    next: null,
    previous: null,
    results,
    period: 'month',
    month: '2026-12',
    organisation_id: 1,
    me: { rank: 2, points: 120, level: level(), listed: true },
    ...overrides,
  };
}

export function detail(overrides: Partial<TUserPointDetail> = {}): TUserPointDetail {
  return {
    user: { id: 5, fullname: 'Lee Learner', avatar: null },
    organisation_id: 1,
    points: 140,
    month_points: 40,
    rank: 3,
    level: level(),
    next_level: { name: 'Achiever', min_points: 500 },
    monthly: Array.from({ length: 12 }, (_, i) => ({
      month: `2026-${String(i + 1).padStart(2, '0')}`,
      points: i === 11 ? 40 : i === 10 ? 100 : 0,
    })),
    ledger: {
      count: 2,
      next: null,
      previous: null,
      results: [
        {
          id: 2,
          rule: 'daily_sign_in',
          source: '2026-12-06',
          points: 5,
          created_at: '2026-12-06T08:00:00.000Z',
        },
        {
          id: 1,
          rule: 'course_completed',
          source: 'course:3',
          points: 100,
          created_at: '2026-11-20T10:00:00.000Z',
        },
      ],
    },
    ...overrides,
  };
}

export function badge(overrides: Partial<TBadge> = {}): TBadge {
  return {
    id: 1,
    organisation_id: 1,
    name: 'Finisher',
    description: 'For finishing.',
    image_url: '/api/images/x/',
    criteria: {
      manual_only: false,
      courses: [4],
      learning_paths: [],
      assessments: [],
      points: null,
      badges: [],
    },
    criteria_text: 'Complete 1 course.',
    active: true,
    post_to_wall: false,
    awarded_count: 2,
    created_at: '2026-12-01T10:00:00.000Z',
    abilities: { edit: true, delete: true, award: true },
    ...overrides,
  };
}

export function gallery(overrides: Partial<TBadgeGallery> = {}): TBadgeGallery {
  const ref = (id: number, name: string) => ({
    id,
    name,
    description: '',
    image_url: null,
    criteria_text: 'Complete 1 course.',
    active: true,
  });
  return {
    user_id: 5,
    organisation_id: 1,
    earned: 1,
    results: [
      {
        badge: ref(1, 'Finisher'),
        award: {
          id: 10,
          awarded_at: '2026-12-02T10:00:00.000Z',
          manual: false,
          credential_uuid: '0b8f6c1e-1111-4222-8333-444455556666',
        },
      },
      { badge: ref(2, 'Explorer'), award: null },
    ],
    ...overrides,
  };
}
