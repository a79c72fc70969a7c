import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { courses, repositoryFiles } from './courses.table.ts';
import { users } from './users.table.ts';

export type TranscodeStatus = 'queued' | 'running' | 'ready' | 'failed';

/** One HLS rendition as written to the master playlist. */
export interface StoredRendition {
  /** Folder of the variant inside the tree, e.g. 'v0'. */
  name: string;
  width: number;
  height: number;
  /** Video + audio bits per second, as announced in the master playlist. */
  bandwidth: number;
}

/**
 * The HLS transcode of an uploaded video (one per repository file). The renditions, poster and
 * playlists live in a derived tree of the file store; this row says where and how far along.
 */
export const videoTranscodes = pgTable(
  'video_transcodes',
  {
    id: serial('id').primaryKey(),
    /**
     * Set null (not cascade) when the file is deleted, so the file repository's afterRemove hook can
     * still find the row by `source_key` and delete the tree it names.
     */
    fileId: integer('file_id').references(() => repositoryFiles.id, { onDelete: 'set null' }),
    /** The storage key of the uploaded source. */
    sourceKey: text('source_key').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('queued').$type<TranscodeStatus>(),
    progressPercent: integer('progress_percent').notNull().default(0),
    /** Why it failed, in words an author can act on. */
    error: text('error'),
    renditions: jsonb('renditions').$type<StoredRendition[]>().notNull().default([]),
    durationSeconds: doublePrecision('duration_seconds'),
    /** Path of the poster image inside the tree; null until made (or when none could be). */
    poster: varchar('poster', { length: 100 }),
    treeKey: text('tree_key'),
    /** Runs started since the last (re)queue; deterministic failures never run again. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * The run that owns the row: every write of a run checks it, so a run whose file was deleted,
     * or that a restarted node took over, stops instead of overwriting the newer one.
     */
    runId: uuid('run_id'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('video_transcodes_file_uq').on(t.fileId),
    index('video_transcodes_source_key_idx').on(t.sourceKey),
    check(
      'video_transcodes_status_ck',
      sql`${t.status} in ('queued', 'running', 'ready', 'failed')`,
    ),
    check('video_transcodes_progress_ck', sql`${t.progressPercent} between 0 and 100`),
  ],
);

/**
 * A public share link of a transcoded video for one course (issue 23, "/hls"). The token is
 * random and only its hash is kept; the link plays while it is neither revoked nor expired and
 * its course is published with the video still in it.
 */
export const videoShares = pgTable(
  'video_shares',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => repositoryFiles.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** sha256 hex of the token (auth/secrets hashSecret). */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('video_shares_token_uq').on(t.tokenHash),
    index('video_shares_file_idx').on(t.fileId, t.createdAt),
  ],
);
