import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/db/database.ts';
import { TODO_PROVIDER_LIMIT, type TodoProvider } from '../../core/todo-provider.ts';

type Row = {
  id: number;
  kind: string;
  subject_title: string;
  expires_at: string | Date | null;
  first_name: string;
  last_name: string;
};

/**
 * The approval requests waiting on the person's decision now: pending, of their organisation, at
 * a level they decide themself or as an active delegate (the To-approve list's rule,
 * approvals.queries' `involving`), oldest first. One query on approval_request_approvers_user_idx
 * and approval_delegations_delegate_idx. Link: /requests, where they decide it.
 */
export const approvalsTodo: TodoProvider = {
  kinds: { approval: 'Approvals' },
  async items(ctx, auth, now) {
    const at = sql`${now.toISOString()}::timestamptz`;
    const rows = await queryRows<Row>(
      ctx.db,
      sql`select r.id, r.kind, r.subject_title, r.expires_at, u.first_name, u.last_name
          from approval_requests r
          join users u on u.id = r.requester_id
          where r.status = 'pending' and r.organisation_id = ${auth.organisationId}
            and exists (select 1 from approval_request_approvers a
                        where a.request_id = r.id and a.level = r.level
                          and (a.user_id = ${auth.userId}
                               or a.user_id in (select d.user_id from approval_delegations d
                                                where d.delegate_id = ${auth.userId}
                                                  and d.organisation_id = ${auth.organisationId}
                                                  and d.starts_at <= ${at} and d.ends_at > ${at})))
          order by r.expires_at asc nulls last, r.created_at, r.id
          limit ${TODO_PROVIDER_LIMIT}`,
    );
    return rows.map((r) => {
      const who = `${r.first_name} ${r.last_name}`.trim();
      return {
        kind: 'approval',
        id: `approval:${Number(r.id)}`,
        title: `Decide: ${r.subject_title}`,
        detail: who ? `Requested by ${who}` : 'Waiting for your decision',
        href: '/requests',
        dueAt: r.expires_at === null ? null : new Date(r.expires_at),
      };
    });
  },
};
