import { z } from 'zod';
import { MAX_ID, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';

/*
 * SCORM packages played and tracked by Atrium itself (issue 7). A package is a
 * repository file of kind 'scorm'; a learner's tracking is kept per module file
 * (the place the package is used in a course), attempt and SCO.
 */

export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type TScormVersion = (typeof SCORM_VERSIONS)[number];

/** SCORM 1.2 cmi.core.lesson_status vocabulary. */
export const LESSON_STATUSES = [
  'passed',
  'completed',
  'failed',
  'incomplete',
  'browsed',
  'not attempted',
] as const;
/** SCORM 2004 cmi.completion_status vocabulary. */
export const COMPLETION_STATUSES = ['completed', 'incomplete', 'not attempted', 'unknown'] as const;
/** SCORM 2004 cmi.success_status vocabulary. */
export const SUCCESS_STATUSES = ['passed', 'failed', 'unknown'] as const;

/** One status for reports whatever the version: 1.2 lesson_status, or 2004 success over completion. */
export const SCO_STATUSES = [
  'not attempted',
  'browsed',
  'incomplete',
  'completed',
  'passed',
  'failed',
  'unknown',
] as const;
export type TScoStatus = (typeof SCO_STATUSES)[number];

/**
 * The one rule, on the server and in the player, for a SCO counting as done: completed or
 * passed. A SCO whose success is failed is not done even when completed (2004 reports success
 * over completion, so its status is 'failed'): "N of M done" and the package's completion agree.
 */
export const isScoDone = (status: TScoStatus) => status === 'completed' || status === 'passed';

export const ZScormSco = z.object({
  id: z.number().int(),
  identifier: z.string(),
  title: z.string(),
  /** Identifier of the parent item; null at the top of the organisation. */
  parent: z.string().nullable(),
  depth: z.number().int(),
  position: z.number().int(),
  /** Has a resource to launch (a SCO or an asset); other items only group. */
  launchable: z.boolean(),
  scorm_type: z.enum(['sco', 'asset']).nullable(),
  /** The file the item starts from, inside the package, with its parameters; null for groups. */
  launch_url: z.string().nullable(),
});
export type TScormSco = z.infer<typeof ZScormSco>;

export const ZScormPackage = z.object({
  id: z.number().int(),
  file: z.number().int(),
  version: z.enum(SCORM_VERSIONS),
  title: z.string(),
  identifier: z.string(),
  default_organization: z.string(),
  file_count: z.number().int(),
  unpacked_size: z.number().int(),
  scos: z.array(ZScormSco),
});
export type TScormPackage = z.infer<typeof ZScormPackage>;

/** Query of the run-time state: which SCO to initialise. */
export const ZScormStateQuery = z.object({
  sco: z.string().min(1).max(255),
});

const ZScoSummary = z.object({
  sco: z.string(),
  status: z.enum(SCO_STATUSES),
  score_scaled: z.number().nullable(),
  total_seconds: z.number(),
  /**
   * Why the learner cannot launch it yet (SCORM 1.2 prerequisites not met: "Complete “Playing
   * the Game” first."); null when it can be launched. The server refuses such a launch too.
   */
  disabled_reason: z.string().nullable(),
});

/**
 * What the player needs for one SCO: `cmi` goes to scorm-again's
 * `loadFromJSON(cmi)` before Initialize; `tracked` false means a preview (a
 * manager who is not enrolled): the player must not commit.
 */
export const ZScormState = z.object({
  tracked: z.boolean(),
  version: z.enum(SCORM_VERSIONS),
  package: z.number().int(),
  module_file: z.number().int(),
  sco: z.string(),
  /**
   * Where the player's frame goes: the launcher on the content origin (never the app's), under
   * a signed grant for this package and viewer.
   */
  launch_url: z.string(),
  /** The content origin: the only origin whose messages the player's run-time bridge accepts. */
  content_origin: z.string(),
  /** Attempt number (from 1); 0 in a preview. */
  attempt: z.number().int(),
  attempt_completed: z.boolean(),
  attempts: z.number().int(),
  /**
   * The resource is an asset (it never calls the run-time): the player records its launch with
   * one commit, which completes it.
   */
  asset: z.boolean(),
  cmi: z.record(z.string(), z.unknown()),
  /**
   * Every launchable SCO the learner may see (items with isvisible="false" are left out) with
   * their status in this attempt (table of contents).
   */
  scos: z.array(ZScoSummary),
});
export type TScormState = z.infer<typeof ZScormState>;

/**
 * Query of a commit: the SCO, the attempt the state gave, and a session id
 * the player generates per launch (a UUID), so the server can add each
 * session's time once to the total however often the SCO commits.
 */
export const ZScormCommitQuery = z.object({
  sco: z.string().min(1).max(255),
  attempt: z.coerce.number().int().min(1).max(MAX_ID),
  session: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'A session id of 8 to 64 letters, digits or dashes.'),
  /**
   * The SCO finished (LMSFinish/Terminate): scorm-again's `terminateCommitParam: 'terminate'`
   * adds it. A SCORM 1.2 SCO that never set lesson_status is then completed (or passed/failed
   * against the manifest's mastery score), as the 1.2 run-time requires of the LMS.
   */
  terminate: z.enum(['true', 'false', '1', '0']).optional(),
});
/** scorm-again's JSON commit (`dataCommitFormat: 'json'`): `{cmi: {...}}`; other keys are ignored. */
export const ZScormCommit = z.looseObject({ cmi: z.record(z.string(), z.unknown()) });
/**
 * `result`/`errorCode` are what scorm-again's default response handler reads;
 * the rest lets the player refresh its table of contents and progress.
 */
export const ZScormCommitResult = z.object({
  result: z.literal(true),
  errorCode: z.literal(0),
  attempt: z.number().int(),
  sco_status: z.enum(SCO_STATUSES),
  total_seconds: z.number(),
  package_completed: z.boolean(),
  scos: z.array(ZScoSummary),
});
export type TScormCommitResult = z.infer<typeof ZScormCommitResult>;

export const ZScormAttempt = z.object({
  module_file: z.number().int(),
  attempt: z.number().int(),
  started_at: z.string(),
});

export const ZScormReportQuery = ZPageQuery.extend({
  course: zIdParam,
  module_file: zIdParam.optional(),
  user: zIdParam.optional(),
  status: z.enum(SCO_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});

export const ZScormReportRow = z.object({
  user: z.object({ id: z.number().int(), fullname: z.string(), email: z.string() }),
  course: z.object({ id: z.number().int(), title: z.string() }),
  module_file: z.number().int(),
  package: z.object({ id: z.number().int(), title: z.string(), version: z.enum(SCORM_VERSIONS) }),
  sco: z.object({ identifier: z.string(), title: z.string() }),
  /** The latest attempt's number, and how many there are. */
  attempt: z.number().int(),
  attempts: z.number().int(),
  status: z.enum(SCO_STATUSES),
  completion_status: z.string().nullable(),
  success_status: z.string().nullable(),
  score: z.object({
    raw: z.number().nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    scaled: z.number().nullable(),
  }),
  total_seconds: z.number(),
  updated_at: z.string(),
});
export type TScormReportRow = z.infer<typeof ZScormReportRow>;
export const ZScormReportPage = zPage(ZScormReportRow);

export const ZScormTrackQuery = ZPageQuery.extend({ email: z.email() });
export const ZScormTrackPage = zPage(ZScormReportRow).extend({
  user: z.object({ id: z.number().int(), fullname: z.string(), email: z.string() }),
});
export type TScormTrackPage = z.infer<typeof ZScormTrackPage>;
