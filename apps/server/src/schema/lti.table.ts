import {
  boolean,
  doublePrecision,
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
import { courses, moduleFiles, repositoryFiles } from './courses.table.ts';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * The LTI 1.3 platform (issue 24, features/lti): tools an organisation's admins registered, the
 * install's signing keys, the resource links placed in course modules, one-use launch and token
 * state, and the line items and scores tools post back (AGS).
 */

/** An external tool registered by an organisation's admin. The client id is Atrium's, generated. */
export const ltiTools = pgTable(
  'lti_tools',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 150 }).notNull(),
    clientId: uuid('client_id').notNull().defaultRandom(),
    deploymentId: varchar('deployment_id', { length: 255 }).notNull(),
    loginUrl: text('login_url').notNull(),
    launchUrl: text('launch_url').notNull(),
    deepLinkingUrl: text('deep_linking_url'),
    /** The tool's key set (fetched through the outbound guard), or else its one public key. */
    jwksUrl: text('jwks_url'),
    /** PEM (SPKI) or a JWK as JSON. */
    publicKey: text('public_key'),
    shareName: boolean('share_name').notNull().default(true),
    shareEmail: boolean('share_email').notNull().default(false),
    custom: jsonb('custom').$type<Record<string, string>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_tools_client_id_idx').on(t.clientId),
    index('lti_tools_org_name_idx').on(t.organisationId, t.name),
  ],
);

/** Atrium's RSA signing keys (install-wide), the private half sealed under an install secret. */
export const ltiPlatformKeys = pgTable('lti_platform_keys', {
  kid: varchar('kid', { length: 64 }).primaryKey(),
  sealedPrivateKey: text('sealed_private_key').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A resource link in a course module: a repository entry of kind `lti` (no stored bytes) backed
 * by this row, so module items, ordering, required flags and progress stay the catalogue's.
 */
export const ltiLinks = pgTable(
  'lti_links',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    toolId: integer('tool_id')
      .notNull()
      .references(() => ltiTools.id, { onDelete: 'restrict' }),
    repositoryFileId: integer('repository_file_id')
      .notNull()
      .references(() => repositoryFiles.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    /** The tool's launch URL for this link (null: the tool's own). */
    url: text('url'),
    custom: jsonb('custom').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_links_file_idx').on(t.repositoryFileId),
    index('lti_links_tool_idx').on(t.toolId),
  ],
);

/**
 * One launch: made when a signed-in person asks for it, consumed once by the authorization
 * request (used_at) and, for deep linking, once more by the tool's response (returned_at).
 */
export const ltiLaunches = pgTable(
  'lti_launches',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull().$type<'resource' | 'deep_linking'>(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    toolId: integer('tool_id')
      .notNull()
      .references(() => ltiTools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The launched item (resource) or the module that receives items (deep linking). */
    moduleFileId: integer('module_file_id').references(() => moduleFiles.id, {
      onDelete: 'cascade',
    }),
    moduleId: integer('module_id'),
    linkId: integer('link_id').references(() => ltiLinks.id, { onDelete: 'cascade' }),
    /** The Atrium role sent (Learner, Instructor, Administrator). */
    roles: jsonb('roles').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lti_launches_expires_idx').on(t.expiresAt)],
);

/** Nonces and JWT ids seen once (the tool's OIDC nonce, client assertions, deep-link responses). */
export const ltiSeen = pgTable(
  'lti_seen',
  {
    toolId: integer('tool_id')
      .notNull()
      .references(() => ltiTools.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    value: varchar('value', { length: 255 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.toolId, t.kind, t.value] })],
);

/** Access tokens of the client-credentials grant (AGS, NRPS), stored hashed. */
export const ltiAccessTokens = pgTable('lti_access_tokens', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  toolId: integer('tool_id')
    .notNull()
    .references(() => ltiTools.id, { onDelete: 'cascade' }),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** An AGS line item: one per resource link (made with the link), or made by the tool. */
export const ltiLineItems = pgTable(
  'lti_line_items',
  {
    id: serial('id').primaryKey(),
    toolId: integer('tool_id')
      .notNull()
      .references(() => ltiTools.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    linkId: integer('link_id').references(() => ltiLinks.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 255 }).notNull(),
    scoreMaximum: doublePrecision('score_maximum').notNull(),
    resourceId: varchar('resource_id', { length: 255 }),
    tag: varchar('tag', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lti_line_items_tool_course_idx').on(t.toolId, t.courseId),
    index('lti_line_items_link_idx').on(t.linkId),
  ],
);

/** The latest score a tool posted for a learner on a line item (AGS Score service). */
export const ltiScores = pgTable(
  'lti_scores',
  {
    lineItemId: integer('line_item_id')
      .notNull()
      .references(() => ltiLineItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scoreGiven: doublePrecision('score_given'),
    scoreMaximum: doublePrecision('score_maximum'),
    activityProgress: varchar('activity_progress', { length: 20 }).notNull(),
    gradingProgress: varchar('grading_progress', { length: 20 }).notNull(),
    comment: text('comment'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lineItemId, t.userId] })],
);
