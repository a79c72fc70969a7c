import {
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { repositoryFiles } from './courses.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * AR/VR scenes (features/xr). A scene is one asset with hotspots; it is also a repository file of
 * kind `xr` (its `file_id`, which holds the asset's storage key, content type and size): the
 * course editor attaches that file to a module and the player shows it. Deleting the repository
 * file deletes the scene, its hotspots and visits (cascade).
 */
export const xrScenes = pgTable(
  'xr_scenes',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => repositoryFiles.id, { onDelete: 'cascade' }),
    /** 'model' (glTF binary) or 'panorama' (equirectangular image). */
    media: varchar('media', { length: 20 }).notNull(),
    width: integer('width'),
    height: integer('height'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('xr_scenes_file_idx').on(t.fileId),
    index('xr_scenes_org_created_idx').on(t.organisationId, t.createdAt),
  ],
);

export const xrHotspots = pgTable(
  'xr_hotspots',
  {
    id: serial('id').primaryKey(),
    sceneId: integer('scene_id')
      .notNull()
      .references(() => xrScenes.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 120 }).notNull(),
    text: text('text').notNull().default(''),
    /** Models: model-viewer's surface point and normal ("x y z"). */
    position: varchar('position', { length: 100 }),
    normal: varchar('normal', { length: 100 }),
    /** Panoramas: direction in degrees. */
    yaw: real('yaw'),
    pitch: real('pitch'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('xr_hotspots_scene_idx').on(t.sceneId, t.id)],
);

/** A person opened a hotspot (once is enough; kept per person, whichever course shows it). */
export const xrVisits = pgTable(
  'xr_visits',
  {
    hotspotId: integer('hotspot_id')
      .notNull()
      .references(() => xrHotspots.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.hotspotId, t.userId] }),
    index('xr_visits_user_idx').on(t.userId),
  ],
);
