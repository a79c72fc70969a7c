import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { moduleFiles, repositoryFiles } from './courses.table.ts';
import { courseEnrolments } from './enrolments.table.ts';

/** What the manifest says about a SCO beyond its place in the tree (handed to the run-time). */
export interface ScoLaunchData {
  /** adlcp:dataFromLMS → cmi.launch_data. */
  dataFromLms?: string;
  /** SCORM 1.2 adlcp:masteryscore → cmi.student_data.mastery_score. */
  masteryScore?: number;
  maxTimeAllowed?: string;
  timeLimitAction?: string;
  /** SCORM 2004 adlcp:completionThreshold → cmi.completion_threshold. */
  completionThreshold?: number;
  /** SCORM 2004 imsss:minNormalizedMeasure of the primary objective → cmi.scaled_passing_score. */
  scaledPassingScore?: number;
  /** The item's isvisible="false": not listed, not launched by the learner. */
  hidden?: boolean;
  /** SCORM 1.2 adlcp:prerequisites (aicc_script over item identifiers). */
  prerequisites?: string;
  /**
   * SCORM 2004 imsss:deliveryControls (item or shared sequencing collection). Absent means the
   * default, false: the LMS sets completion (and the primary objective's satisfaction) when an
   * attempt ends without the content having reported it (SN book, End Attempt Process).
   */
  completionSetByContent?: boolean;
  objectiveSetByContent?: boolean;
  /** SCORM 2004 imsss:objectives ids (primary first) → cmi.objectives.n.id at launch. */
  objectiveIds?: string[];
}

/** An unpacked SCORM package: one per repository file of kind 'scorm'. */
export const scormPackages = pgTable(
  'scorm_packages',
  {
    id: serial('id').primaryKey(),
    /**
     * Null once the repository file is deleted: the processor's afterRemove then deletes the
     * tree and this row (the tree key would be lost with a cascade).
     */
    fileId: integer('file_id').references(() => repositoryFiles.id, { onDelete: 'set null' }),
    /** The derived tree (file store) holding the unpacked files. */
    treeKey: text('tree_key').notNull(),
    version: varchar('version', { length: 8 }).notNull().$type<'1.2' | '2004'>(),
    identifier: varchar('identifier', { length: 255 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    defaultOrganization: varchar('default_organization', { length: 255 }).notNull(),
    fileCount: integer('file_count').notNull(),
    unpackedBytes: integer('unpacked_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scorm_packages_file_uq').on(t.fileId),
    check('scorm_packages_version_ck', sql`${t.version} in ('1.2', '2004')`),
  ],
);

/** The items of the default organisation, in manifest order (the table of contents). */
export const scormScos = pgTable(
  'scorm_scos',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => scormPackages.id, { onDelete: 'cascade' }),
    identifier: varchar('identifier', { length: 255 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    parentIdentifier: varchar('parent_identifier', { length: 255 }),
    depth: smallint('depth').notNull(),
    position: integer('position').notNull(),
    /** Path inside the package (resource href with xml:base applied); null for grouping items. */
    href: text('href'),
    /** The item's parameters, appended to the href at launch. */
    parameters: text('parameters'),
    scormType: varchar('scorm_type', { length: 8 }).$type<'sco' | 'asset'>(),
    isLaunchable: boolean('is_launchable').notNull(),
    launchData: jsonb('launch_data').$type<ScoLaunchData>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('scorm_scos_package_identifier_uq').on(t.packageId, t.identifier),
    index('scorm_scos_package_position_idx').on(t.packageId, t.position),
  ],
);

/** A learner's attempt at a package where a course uses it (one module file of an enrolment). */
export const scormAttempts = pgTable(
  'scorm_attempts',
  {
    id: serial('id').primaryKey(),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => courseEnrolments.id, { onDelete: 'cascade' }),
    moduleFileId: integer('module_file_id')
      .notNull()
      .references(() => moduleFiles.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => scormPackages.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** Completed once every required SCO is completed or passed. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scorm_attempts_enrolment_file_number_uq').on(
      t.enrolmentId,
      t.moduleFileId,
      t.number,
    ),
    index('scorm_attempts_module_file_idx').on(t.moduleFileId),
  ],
);

/**
 * The run-time data of one SCO in one attempt. Status, score and time are
 * columns (validated, reported, indexed); the rest of the cmi data model
 * (objectives, interactions, comments, preferences) is kept as JSON.
 */
export const scormRuntime = pgTable(
  'scorm_runtime',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => scormAttempts.id, { onDelete: 'cascade' }),
    scoId: integer('sco_id')
      .notNull()
      .references(() => scormScos.id, { onDelete: 'cascade' }),
    /** Normalised status for reports (see SCO_STATUSES). */
    status: varchar('status', { length: 16 }).notNull().default('not attempted'),
    /** 2004 completion_status, or the 1.2 lesson_status. */
    completionStatus: varchar('completion_status', { length: 16 }),
    successStatus: varchar('success_status', { length: 16 }),
    scoreRaw: doublePrecision('score_raw'),
    scoreMin: doublePrecision('score_min'),
    scoreMax: doublePrecision('score_max'),
    scoreScaled: doublePrecision('score_scaled'),
    location: text('location'),
    suspendData: text('suspend_data'),
    exit: varchar('exit', { length: 16 }),
    /** Time of the finished sessions, in seconds (centisecond precision). */
    totalSeconds: doublePrecision('total_seconds').notNull().default(0),
    /** The session in progress: its id and the latest session_time it reported. */
    sessionId: varchar('session_id', { length: 64 }),
    sessionSeconds: doublePrecision('session_seconds').notNull().default(0),
    /**
     * The SCO's own attempt within the package attempt: SCORM 2004 starts a new one (fresh data,
     * entry ab-initio) at the first launch after an attempt ended other than by a suspend.
     */
    scoAttempt: integer('sco_attempt').notNull().default(1),
    /** totalSeconds when the SCO's attempt began: cmi.total_time counts only this attempt. */
    attemptStartSeconds: doublePrecision('attempt_start_seconds').notNull().default(0),
    /** objectives, interactions, comments, learner preferences… as validated. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scorm_runtime_attempt_sco_uq').on(t.attemptId, t.scoId),
    index('scorm_runtime_sco_status_idx').on(t.scoId, t.status),
  ],
);
