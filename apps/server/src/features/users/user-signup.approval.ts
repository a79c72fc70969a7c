import { APPROVAL } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { defineApprovalKind } from '../../core/approval-kind.ts';
import type { AppContext } from '../../core/context.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import { defineSubscriber } from '../../core/module.ts';
import { SESSION_REVOKED } from '../../core/realtime/realtime.ts';
import { users } from '../../schema/users.table.ts';
import { closeApprovalRequestOf } from '../approvals/index.ts';
import { revokeAllTokens } from '../auth/index.ts';
import { memberSearchIds, USER_SEARCH_KIND } from './users.search.ts';

export const USER_SIGNUP = 'user_signup';

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** An account awaiting approval was refused (its sessions are revoked). */
    'user.rejected': { userId: number; organisationId: number; rejectedBy: number | null };
  }
}

/**
 * A person who signed up and confirmed their address waits for the organisation's approval
 * (spec §4: the top bar and menu appear only once approved). The account's approval status is
 * the item; an organisation that switches this off approves sign-ups as they are confirmed.
 */
export const userSignupApproval = defineApprovalKind({
  kind: USER_SIGNUP,
  label: 'Account sign-up',
  description: 'Someone signed up on the organisation’s site and confirmed their e-mail address.',
  approverTypes: ['any_admin'],
  defaultLevels: [['any_admin']],
  async onClosed(tx, outcome, emit) {
    if (outcome.status === 'withdrawn') return;
    const approved = outcome.status === 'approved';
    const [user] = await tx
      .update(users)
      .set({
        approvalStatus: approved ? APPROVAL.APPROVED : APPROVAL.REJECTED,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, outcome.subjectId), eq(users.approvalStatus, APPROVAL.PENDING)))
      .returning({ id: users.id });
    // Decided another way meanwhile (an admin acted on the users list): nothing to apply.
    if (!user) return;
    emit('search.changed', {
      kind: USER_SEARCH_KIND,
      ids: await memberSearchIds(tx, [user.id]),
    });
    if (approved) {
      emit('user.approved', {
        userId: user.id,
        organisationId: outcome.organisationId,
        // Approved by nobody (the organisation needs no approval): the person is not told.
        approvedBy: outcome.actorId ?? user.id,
      });
      return;
    }
    await revokeAllTokens(tx, user.id);
    emit('user.rejected', {
      userId: user.id,
      organisationId: outcome.organisationId,
      rejectedBy: outcome.actorId,
    });
  },
});

/** A refused account's open streams end at once, on every node. */
export const userSignupSubscribers = [
  defineSubscriber({
    event: 'user.rejected',
    name: 'end-streams-of-rejected',
    async handle(ctx, e) {
      await ctx.realtime.publish([e.userId], { type: SESSION_REVOKED });
    },
  }),
];

/** An admin approved or rejected the account on the users list: its request closes with that. */
export async function settleSignupRequest(
  ctx: AppContext,
  uow: UnitOfWork,
  userId: number,
  status: 'approved' | 'rejected',
  actorId: number,
) {
  await closeApprovalRequestOf(ctx, uow, {
    kind: USER_SIGNUP,
    subjectId: userId,
    status,
    actorId,
    comment: status === 'approved' ? 'Approved on the users list.' : 'Rejected on the users list.',
    // The person hears of an approval through user.approved; a refusal tells nothing more.
    notifyRequester: false,
  });
}
