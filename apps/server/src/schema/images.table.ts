import { index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * The multipurpose image store (features/images): images that rich text shows (discussions now,
 * the wall and blogs later). Each row is one re-encoded upload, stored under a generated key,
 * addressed by its unguessable uuid and served to members of its organisation only.
 */
export const images = pgTable(
  'images',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // The image stays when its uploader is deleted: posts that show it still need it.
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    storageKey: varchar('storage_key', { length: 500 }).notNull(),
    mime: varchar('mime', { length: 50 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Bytes after re-encoding. */
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_organisation_idx').on(t.organisationId, t.createdAt)],
);
