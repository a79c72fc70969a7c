import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { questionVersions } from './assessments.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Images of question text (features/assessments/question-images.ts): uploaded by authors or
 * unpacked from a QTI package, stored under a generated key, addressed by an unguessable uuid,
 * and served to members of their organisation only.
 */
export const questionImages = pgTable(
  'question_images',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().default(sql`gen_random_uuid()`),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 500 }).notNull(),
    size: integer('size').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_images_created_idx').on(t.createdAt)],
);

/**
 * Which versions show which images, written with every version: an image no version shows a
 * day after its upload is removed (file and row), and an export packs the images it needs.
 */
export const questionVersionImages = pgTable(
  'question_version_images',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => questionImages.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.imageId] }),
    index('question_version_images_image_idx').on(t.imageId),
  ],
);
