import { APPROVAL, ROLE, type TMessagePerson, type TRoleId } from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import { roleOf } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { ACTIVE_STATUSES } from '../../schema/enrolments.table.ts';
import { mayMessage, type Recipient, type Ties } from './messages.policy.ts';

const ACTIVE = sql.raw(ACTIVE_STATUSES.map((s) => `'${s}'`).join(', '));

// The ties of messages.policy.ts as SQL over `u` (the other person), for one sender.
const teaches = (me: number) => sql`exists (
  select 1 from course_enrolments e join courses c on c.id = e.course_id
  where c.created_by = ${me} and e.user_id = u.id and e.status in (${ACTIVE}))`;
const taughtBy = (me: number) => sql`exists (
  select 1 from course_enrolments e join courses c on c.id = e.course_id
  where c.created_by = u.id and e.user_id = ${me} and e.status in (${ACTIVE}))`;
const classmates = (me: number) => sql`exists (
  select 1 from course_enrolments mine join course_enrolments theirs on theirs.course_id = mine.course_id
  where mine.user_id = ${me} and mine.status in (${ACTIVE})
    and theirs.user_id = u.id and theirs.status in (${ACTIVE}))`;
const activeUser = sql`u.is_active and u.approval_status = ${APPROVAL.APPROVED}`;

/**
 * `mayMessage` as a condition over `u` and its membership `m` in the caller's organisation, for
 * the people list (the same rule; messages.test.ts checks that both agree).
 */
function reachable(actor: Actor): SQL {
  const role = roleOf(actor);
  const base = sql`u.id <> ${actor.userId} and ${activeUser}`;
  if (role === ROLE.SUPERADMIN || role === ROLE.ADMIN) return base;
  if (role === ROLE.LEARNER) {
    return sql`${base} and (${taughtBy(actor.userId)} or (m.role_id = ${ROLE.LEARNER} and ${classmates(actor.userId)}))`;
  }
  return sql`${base} and (m.role_id <> ${ROLE.LEARNER} or ${teaches(actor.userId)})`;
}

interface TieRow {
  id: number;
  role_id: number;
  active: boolean;
  teaches: boolean;
  taught_by: boolean;
  classmates: boolean;
}

/**
 * The ids among `userIds` the caller may not start a conversation with (someone outside the
 * organisation is simply not found there, and refused like the rest).
 */
export async function unreachable(
  db: DbOrTx,
  actor: Actor,
  userIds: readonly number[],
): Promise<number[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const rows = await queryRows<TieRow>(
    db,
    sql`select u.id, m.role_id, (${activeUser}) as active,
          ${teaches(actor.userId)} as teaches, ${taughtBy(actor.userId)} as taught_by,
          ${classmates(actor.userId)} as classmates
        from users u join memberships m on m.user_id = u.id and m.organisation_id = ${actor.organisationId}
        where u.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const found = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.filter((id) => {
    const row = found.get(id);
    if (!row) return true;
    const recipient: Recipient = {
      userId: id,
      organisationId: actor.organisationId,
      roleId: Number(row.role_id) as TRoleId,
      active: row.active,
    };
    const ties: Ties = {
      teaches: row.teaches,
      taughtBy: row.taught_by,
      classmates: row.classmates,
    };
    return !mayMessage(actor, recipient, ties);
  });
}

/** A person's name as lists show it: first and last name, else the username. */
export const FULLNAME = sql.raw(
  "coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username)",
);

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The people list: whom the caller may message, by name, a page at a time. */
export async function reachablePeople(
  db: DbOrTx,
  actor: Actor,
  options: { search?: string; limit: number; offset: number },
): Promise<{ count: number; rows: TMessagePerson[] }> {
  const search = options.search
    ? sql`and lower(u.first_name || ' ' || u.last_name || ' ' || u.username) like ${`%${escapeLike(options.search.toLowerCase())}%`}`
    : sql``;
  const from = sql`from users u join memberships m on m.user_id = u.id and m.organisation_id = ${actor.organisationId}
    where ${reachable(actor)} ${search}`;
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from}`);
  const rows = await queryRows<{ id: number; fullname: string; role_id: number }>(
    db,
    sql`select u.id, ${FULLNAME} as fullname, m.role_id ${from}
        order by lower(u.first_name || ' ' || u.last_name), u.id
        limit ${options.limit} offset ${options.offset}`,
  );
  return {
    count: Number(total?.n ?? 0),
    rows: rows.map((r) => ({
      id: Number(r.id),
      fullname: r.fullname,
      role_id: Number(r.role_id),
    })),
  };
}
