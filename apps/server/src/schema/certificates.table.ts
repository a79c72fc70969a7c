import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Certificates (features/certificates): templates admins design, which template each achievement
 * uses, the certificates issued (one per organisation, person, kind, achievement and cycle) and
 * the images templates print (re-encoded PNGs under generated keys).
 */

export type CertificateKind = 'course' | 'learning_path' | 'assessment' | 'classroom';

export const certificateImages = pgTable(
  'certificate_images',
  {
    uuid: uuid('uuid').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('certificate_images_org_idx').on(t.organisationId)],
);

export const certificateTemplates = pgTable(
  'certificate_templates',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    /** The design (orientation, colours, images, title, fields, signatures), as the contract's input. */
    design: jsonb('design').notNull(),
    /** Null: certificates from it never expire. */
    validityMonths: smallint('validity_months'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('certificate_templates_org_idx').on(t.organisationId, t.name)],
);

export const certificateAssignments = pgTable(
  'certificate_assignments',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** 'default' (achievement_id 0) or an achievement kind. */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** The other slice's id (not a foreign key: certificates never read their tables). */
    achievementId: integer('achievement_id').notNull().default(0),
    achievementName: varchar('achievement_name', { length: 200 }).notNull().default(''),
    // Restrict: a template in use is detached first (409 names it).
    templateId: integer('template_id')
      .notNull()
      .references(() => certificateTemplates.id, { onDelete: 'restrict' }),
    hours: real('hours'),
  },
  (t) => [
    uniqueIndex('certificate_assignments_uq').on(t.organisationId, t.kind, t.achievementId),
    index('certificate_assignments_template_idx').on(t.templateId),
    check(
      'certificate_assignments_kind_ck',
      sql`${t.kind} in ('default', 'course', 'learning_path', 'assessment', 'classroom')`,
    ),
  ],
);

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<CertificateKind>().notNull(),
    achievementId: integer('achievement_id').notNull(),
    /** 0 first; n for the n-th recertification of a learning path. */
    cycle: integer('cycle').notNull().default(0),
    /** Public, random, unguessable: XXXX-XXXX-XXXX in Crockford base32. */
    code: varchar('code', { length: 14 }).notNull(),
    templateId: integer('template_id').references(() => certificateTemplates.id, {
      onDelete: 'set null',
    }),
    achievementName: varchar('achievement_name', { length: 200 }).notNull(),
    learnerName: varchar('learner_name', { length: 310 }).notNull(),
    score: doublePrecision('score'),
    hours: real('hours'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A newer cycle's certificate replaced this one. */
    replacedBy: integer('replaced_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the PDF prints (ZCertificatePrinted), set with the PDF. */
    printed: jsonb('printed'),
    pdfKey: text('pdf_key'),
    pdfSha256: varchar('pdf_sha256', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Exactly once per achievement and cycle, even under concurrent duplicate deliveries.
    uniqueIndex('certificates_once_uq').on(
      t.organisationId,
      t.userId,
      t.kind,
      t.achievementId,
      t.cycle,
    ),
    uniqueIndex('certificates_code_uq').on(t.code),
    // The lists: the organisation's newest first, a person's, an achievement's.
    index('certificates_org_issued_idx').on(t.organisationId, t.issuedAt.desc(), t.id.desc()),
    index('certificates_user_idx').on(t.userId, t.organisationId),
    index('certificates_achievement_idx').on(t.organisationId, t.kind, t.achievementId),
    check(
      'certificates_kind_ck',
      sql`${t.kind} in ('course', 'learning_path', 'assessment', 'classroom')`,
    ),
  ],
);
