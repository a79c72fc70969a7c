import { ROLE } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';

/** The text the user list searches; queries must use this exact expression to hit the index. */
export const USER_SEARCH_TEXT = sql.raw(
  "lower(username || ' ' || email || ' ' || first_name || ' ' || last_name)",
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Unique across the install, compared case-insensitively. */
    username: varchar('username', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    /** argon2id; null for accounts that only sign in through SSO. */
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(false),
    /** pending 0, approved 1, rejected 2 (spec §3). */
    approvalStatus: smallint('approval_status').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    check('users_approval_status_ck', sql`${t.approvalStatus} in (0, 1, 2)`),
    // Substring search over 100k users stays index-backed: one trigram index over the searched text.
    index('users_search_trgm_idx').using('gin', sql`(${USER_SEARCH_TEXT}) gin_trgm_ops`),
    // The user list's sort orders.
    index('users_name_lower_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    index('users_last_login_idx').on(t.lastLoginAt),
  ],
);

/** A user's role in an organisation (spec §3 membership: role and view_role). */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    roleId: smallint('role_id').notNull(),
    viewRoleId: smallint('view_role_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_user_org_uq').on(t.userId, t.organisationId),
    index('memberships_org_role_idx').on(t.organisationId, t.roleId),
    // Newest members first, the user list's default order, straight from the index.
    index('memberships_org_created_idx').on(t.organisationId, t.createdAt, t.id),
    check('memberships_role_ck', sql`${t.roleId} between 1 and 5`),
    check('memberships_view_role_ck', sql`${t.viewRoleId} between 1 and 5`),
  ],
);

/**
 * Whether the `users` row of the query is a superadmin: one has a superadmin membership
 * somewhere (one probe of memberships_user_org_uq per row).
 */
export const USER_IS_SUPERADMIN = sql<boolean>`exists (select 1 from ${memberships} m where m.user_id = ${users.id} and m.role_id = ${ROLE.SUPERADMIN})`;
