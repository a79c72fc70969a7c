import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { images } from './images.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Badges (features/badges): an organisation's badges, the awards (each once per badge and
 * person), and the facts about people the criteria read, recorded from the learning slices'
 * events so that the badges slice never reads their tables.
 */

/** What a badge asks; ids of the organisation's courses, paths, assessments and badges. */
export interface BadgeCriteria {
  manual_only: boolean;
  courses: number[];
  learning_paths: number[];
  assessments: number[];
  points: number | null;
  badges: number[];
}

export const badges = pgTable(
  'badges',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    /** The 256x256 PNG in the image store (served to the organisation's members). */
    imageUuid: uuid('image_uuid').references(() => images.uuid, { onDelete: 'set null' }),
    criteria: jsonb('criteria').$type<BadgeCriteria>().notNull(),
    active: boolean('active').notNull().default(true),
    postToWall: boolean('post_to_wall').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One name per organisation (case-insensitive): two "Expert" badges would confuse everyone.
    uniqueIndex('badges_org_name_uq').on(t.organisationId, sql`lower(${t.name})`),
    index('badges_org_created_idx').on(t.organisationId, t.createdAt, t.id),
  ],
);

/**
 * One award of a badge to a person. At most one live (unrevoked) award per badge and person (a
 * partial unique index: the last word against concurrent duplicate events); a revoked award stays
 * as the record and stops the badge being awarded again automatically.
 */
export const badgeAwards = pgTable(
  'badge_awards',
  {
    id: serial('id').primaryKey(),
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    manual: boolean('manual').notNull().default(false),
    awardedBy: integer('awarded_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    awardedAt: timestamp('awarded_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('badge_awards_live_uq').on(t.badgeId, t.userId).where(sql`${t.revokedAt} is null`),
    index('badge_awards_badge_user_idx').on(t.badgeId, t.userId),
    // The organisation's list, newest first.
    index('badge_awards_org_time_idx').on(t.organisationId, t.awardedAt, t.id),
    // A person's badges.
    index('badge_awards_user_idx').on(t.userId, t.organisationId),
  ],
);

/**
 * What a person has done, as the criteria need it: `course`, `learning_path`, `assessment`
 * (ref: its id, value 1) and `points` (ref: the organisation, value: the all-time total).
 */
export const badgeFacts = pgTable(
  'badge_facts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    refId: integer('ref_id').notNull(),
    value: integer('value').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.refId] }),
    // Creating a badge: who has done this course, path or assessment.
    index('badge_facts_ref_idx').on(t.kind, t.refId),
  ],
);
