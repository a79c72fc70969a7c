import type { TUserStatus } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { peopleOf, type ReportInput } from './reports.scope.ts';
import { cellsOf, summarisedOrganisation } from './reports.summary.ts';

/**
 * user-status/ (the "All Users" widget): the scope's people of `user_type` by account status
 * (approval 0 pending, 1 approved, 2 rejected; an approved account active or deactivated).
 */
export async function userStatus(db: DbOrTx, input: ReportInput): Promise<TUserStatus> {
  const summarised = await summarisedOrganisation(db, input, { byPeople: true });
  if (summarised) {
    const [cells] = await queryRows<TUserStatus>(
      db,
      sql`select coalesce(sum(s.users), 0)::int as total, coalesce(sum(s.active), 0)::int as active,
          coalesce(sum(s.inactive), 0)::int as inactive, coalesce(sum(s.pending), 0)::int as pending,
          coalesce(sum(s.rejected), 0)::int as rejected
        from report_people_cells s where s.organisation_id = ${summarised} and ${cellsOf(input)}`,
    );
    return cells!;
  }
  const [row] = await queryRows<TUserStatus>(
    db,
    sql`select count(*)::int as total,
        count(*) filter (where u.approval_status = 1 and u.is_active)::int as active,
        count(*) filter (where u.approval_status = 1 and not u.is_active)::int as inactive,
        count(*) filter (where u.approval_status = 0)::int as pending,
        count(*) filter (where u.approval_status = 2)::int as rejected
      from users u where ${peopleOf(input, sql`u.id`)}`,
  );
  return row!;
}
