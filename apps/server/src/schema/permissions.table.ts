import type { TMenuEntry } from '@atrium/contract';
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.table.ts';

/** A user's menu when an admin changed it; without a row the role's default applies. */
export const userMenuPermissions = pgTable('user_menu_permissions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  menu: jsonb('menu').$type<TMenuEntry[]>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
