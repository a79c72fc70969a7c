import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/** Departments of an organisation. Deleting one still in use is refused (restrict). */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    /** Who approves for the department's members (approval level "department head"). */
    headUserId: integer('head_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('departments_org_name_uq').on(t.organisationId, sql`lower(${t.name})`)],
);

/** Job titles within a department. */
export const designations = pgTable(
  'designations',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('designations_dept_name_uq').on(t.departmentId, sql`lower(${t.name})`)],
);

/** Sites where a department works. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('locations_dept_name_uq').on(t.departmentId, sql`lower(${t.name})`),
    index('locations_dept_idx').on(t.departmentId),
  ],
);
