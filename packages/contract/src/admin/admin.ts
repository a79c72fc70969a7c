import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';

/**
 * The superadmin console (`/admin`, issue 23): organisations at a glance, system health, the
 * audit trail across organisations and feature switches per organisation.
 */

// ---- Organisations at a glance ----

export const ADMIN_ORGANISATION_SORTS = [
  'title',
  'active_users',
  'pending_users',
  'seats_used',
  'storage_bytes',
  'last_activity',
] as const;

export const ZAdminOrganisationQuery = ZPageQuery.extend({
  /** Title or acronym contains it (case-insensitive). */
  search: z.string().trim().max(100).optional(),
  /** A sort key, `-` in front for descending. */
  ordering: z
    .enum([
      ...ADMIN_ORGANISATION_SORTS,
      ...ADMIN_ORGANISATION_SORTS.map(
        (s) => `-${s}` as `-${(typeof ADMIN_ORGANISATION_SORTS)[number]}`,
      ),
    ])
    .default('title'),
});
export type TAdminOrganisationQueryInput = z.input<typeof ZAdminOrganisationQuery>;

export const ZAdminOrganisation = z.object({
  id: z.number().int(),
  title: z.string(),
  acronym: z.string(),
  /** Members whose account is active. */
  active_users: z.number().int(),
  /** Members whose account awaits approval. */
  pending_users: z.number().int(),
  /** Seats in use: the active members (the licence rule of features/users). */
  seats_used: z.number().int(),
  /** Null: unlimited. */
  seats_licensed: z.number().int().nullable(),
  /** Bytes of the files the organisation stores (repository files and images). */
  storage_bytes: z.number().int(),
  /** The latest sign-in of any member (ISO), null when nobody has signed in. */
  last_activity: z.string().nullable(),
});
export type TAdminOrganisation = z.infer<typeof ZAdminOrganisation>;
export const ZAdminOrganisationPage = zPage(ZAdminOrganisation);
export type TAdminOrganisationPage = z.infer<typeof ZAdminOrganisationPage>;

// ---- System health ----

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const ZQueueDepth = z.object({
  lane: z.enum(['default', 'long']),
  type: z.string(),
  status: z.enum(JOB_STATUSES),
  count: z.number().int(),
});

export const ZAdminHealth = z.object({
  checked_at: z.string(),
  database: z.object({
    reachable: z.boolean(),
    engine: z.enum(['postgres', 'pglite']),
    version: z.string().nullable(),
    size_bytes: z.number().int().nullable(),
    /** PostgreSQL only: connections to this database. */
    connections: z.number().int().nullable(),
  }),
  /** Jobs that are not done, by lane, type and status (done jobs are history, not depth). */
  queue: z.array(ZQueueDepth),
  failed_jobs: z.number().int(),
  mail: z.object({
    transport: z.enum(['smtp', 'outbox']),
    /** Mail jobs waiting or running. */
    queued: z.number().int(),
    /** Mail jobs that gave up after their last attempt. */
    failed: z.number().int(),
    /** Mails written to the outbox table (no SMTP server) in the last 24 hours. */
    outbox_last_day: z.number().int(),
    recent_failures: z.array(
      z.object({
        id: z.number().int(),
        type: z.string(),
        last_error: z.string().nullable(),
        finished_at: z.string().nullable(),
      }),
    ),
  }),
  transcodes: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    failed: z.number().int(),
  }),
  /** The file store's directory; null when it cannot be read. */
  disk: z
    .object({
      free_bytes: z.number().int(),
      total_bytes: z.number().int(),
      used_bytes: z.number().int(),
    })
    .nullable(),
});
export type TAdminHealth = z.infer<typeof ZAdminHealth>;

export const ZFailedJobQuery = ZPageQuery.extend({
  type: z.string().trim().max(60).optional(),
});
export type TFailedJobQueryInput = z.input<typeof ZFailedJobQuery>;

export const ZFailedJob = z.object({
  id: z.number().int(),
  type: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;
export const ZFailedJobPage = zPage(ZFailedJob);
export type TFailedJobPage = z.infer<typeof ZFailedJobPage>;

/** Retry one failed job by id, or every failed job of a type. */
export const ZRetryJobs = z.union([
  z.strictObject({ id: z.number().int().min(1).max(2_147_483_647) }),
  z.strictObject({ type: z.string().trim().min(1).max(60) }),
]);
export type TRetryJobs = z.infer<typeof ZRetryJobs>;
export const ZRetried = z.object({ retried: z.number().int() });

// ---- Audit trail across organisations ----

const day = z.iso.date('Use the format YYYY-MM-DD.');

export const ZAdminAuditFilter = z.object({
  organisation: zIdParam.optional(),
  actor: zIdParam.optional(),
  /** An action, or its prefix ending in a dot (`user.` for every user action). */
  action: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_.]*$/, 'Letters, underscores and dots only.')
    .optional(),
  /** Inclusive days (UTC). */
  from: day.optional(),
  to: day.optional(),
});
export const ZAdminAuditQuery = ZPageQuery.extend(ZAdminAuditFilter.shape);
export type TAdminAuditQueryInput = z.input<typeof ZAdminAuditQuery>;

export const ZAdminAuditEvent = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  target_user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  organisation: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type TAdminAuditEvent = z.infer<typeof ZAdminAuditEvent>;
export const ZAdminAuditPage = zPage(ZAdminAuditEvent);
export type TAdminAuditPage = z.infer<typeof ZAdminAuditPage>;

// ---- Feature switches ----

/** The features an organisation can have turned off; each names the server slices it covers. */
export const FEATURE_KEYS = [
  'blogs',
  'wall',
  'discussions',
  'gamification',
  'classrooms',
  'events',
  'cpd',
  'proctoring',
  'competencies',
  'messages',
] as const;
export type TFeatureKey = (typeof FEATURE_KEYS)[number];
export const ZFeatureKey = z.enum(FEATURE_KEYS);

export const FEATURE_LABELS: Record<TFeatureKey, string> = {
  blogs: 'Blogs',
  wall: 'Social wall',
  discussions: 'Discussions and forums',
  gamification: 'Gamification (leaderboard, badges)',
  classrooms: 'Classrooms',
  events: 'Events',
  cpd: 'CPD',
  proctoring: 'Proctoring',
  competencies: 'Competencies',
  messages: 'Messages',
};

/**
 * The app paths each feature's menu entries and links open: the web hides them while the feature
 * is off (the server refuses the feature's routes whatever the web shows).
 */
export const FEATURE_MENU_PATHS: Record<TFeatureKey, readonly string[]> = {
  blogs: ['/blogs'],
  wall: ['/socialwall'],
  discussions: ['/discussions'],
  gamification: ['/leaderboard'],
  classrooms: ['/classroom'],
  // Events and CPD share the Event Engine page: its entry goes when CPD is off.
  events: [],
  cpd: ['/cpd'],
  proctoring: [],
  competencies: ['/competency'],
  messages: ['/messages'],
};

/** The app paths to hide for a list of disabled feature keys (unknown keys are ignored). */
export function hiddenMenuPaths(disabled: readonly string[] | undefined): ReadonlySet<string> {
  return new Set(
    (disabled ?? []).flatMap((k) =>
      k in FEATURE_MENU_PATHS ? FEATURE_MENU_PATHS[k as TFeatureKey] : [],
    ),
  );
}

export const FEATURE_OFF_MESSAGE = 'This feature is turned off for your organisation.';

export const ZOrganisationFeatures = z.object({
  organisation: z.number().int(),
  /** Every feature key with whether it is on. */
  features: z.record(ZFeatureKey, z.boolean()),
});
export type TOrganisationFeatures = z.infer<typeof ZOrganisationFeatures>;

export const ZOrganisationFeaturesUpdate = z.strictObject({
  features: z.partialRecord(ZFeatureKey, z.boolean()),
});
export type TOrganisationFeaturesUpdate = z.infer<typeof ZOrganisationFeaturesUpdate>;
