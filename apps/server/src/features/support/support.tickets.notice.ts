import { ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { supportTickets } from '../../schema/support-tickets.table.ts';
import { memberships } from '../../schema/users.table.ts';

/** What the notifications slice needs to tell staff of a ticket (read at delivery, current). */
export interface TicketNotice {
  id: number;
  organisationId: number;
  reference: string;
  subject: string;
  assigneeId: number | null;
  link: string;
}

export async function ticketNotice(
  ctx: AppContext,
  ticketId: number,
): Promise<TicketNotice | null> {
  const [t] = await ctx.db
    .select({
      id: supportTickets.id,
      organisationId: supportTickets.organisationId,
      reference: supportTickets.reference,
      subject: supportTickets.subject,
      assigneeId: supportTickets.assigneeId,
    })
    .from(supportTickets)
    .where(eq(supportTickets.id, ticketId));
  return t ? { ...t, link: `/support/tickets/${t.id}` } : null;
}

/** Who works it: its assignee, else every admin of its organisation. */
export async function ticketStaffIds(ctx: AppContext, t: TicketNotice): Promise<number[]> {
  if (t.assigneeId !== null) return [t.assigneeId];
  const admins = await ctx.db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(
      and(eq(memberships.organisationId, t.organisationId), eq(memberships.roleId, ROLE.ADMIN)),
    );
  return admins.map((a) => a.id);
}
