import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/** Security-relevant actions: who did what to whom, when, from where. Append-only. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    action: varchar('action', { length: 40 }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    organisationId: integer('organisation_id').references(() => organisations.id, {
      onDelete: 'set null',
    }),
    ip: varchar('ip', { length: 64 }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_org_created_idx').on(t.organisationId, t.createdAt),
    index('audit_events_target_created_idx').on(t.targetUserId, t.createdAt),
    // The superadmin console's trail across organisations (features/admin): newest first,
    // unfiltered or by actor or action.
    index('audit_events_created_idx').on(t.createdAt),
    index('audit_events_actor_created_idx').on(t.actorId, t.createdAt),
    index('audit_events_action_created_idx').on(t.action, t.createdAt),
  ],
);

/** Sign-ins, sign-outs and time spent per module: the user-module-audit-history of spec §7. */
export const userActivity = pgTable(
  'user_activity',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull().$type<'sign_in' | 'sign_out' | 'module_time'>(),
    loginFrom: varchar('login_from', { length: 20 }),
    module: varchar('module', { length: 60 }),
    seconds: integer('seconds'),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_activity_user_created_idx').on(t.userId, t.createdAt),
    index('user_activity_org_created_idx').on(t.organisationId, t.createdAt),
    // Reports (sign-ins and time per month, top users): one kind of an organisation in a range.
    index('user_activity_org_kind_created_idx').on(t.organisationId, t.kind, t.createdAt),
  ],
);
