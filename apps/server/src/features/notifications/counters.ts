import type { TCounters } from '@atrium/contract';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { pendingDecisionCount } from '../approvals/index.ts';
import { unreadMessageCount } from '../messages/index.ts';
import { pendingGradingCount } from './notifications.assessments.ts';
import { unreadCounts } from './notifications.repository.ts';

/** The top bar's counts; the stream's 'counters' messages carry the same numbers as they change. */
export async function countersFor(db: DbOrTx, actor: Actor): Promise<TCounters> {
  const unread = await unreadCounts(db, [actor.userId]);
  return {
    notifications: unread.get(actor.userId) ?? 0,
    // Requests of every kind waiting for this person's decision (or their delegate's).
    requests: await pendingDecisionCount(db, actor),
    // Conversations of the organisation signed in to: another membership's are not shown here.
    messages: await unreadMessageCount(db, actor.userId, actor.organisationId),
    // Answers of the organisation's assessments waiting for this reviewer (the grading queue).
    grading: await pendingGradingCount(db, actor),
  };
}
