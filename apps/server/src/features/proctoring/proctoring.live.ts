import type { AppContext } from '../../core/context.ts';
import { proctorIdsOf } from '../assessments/index.ts';

/**
 * Live updates for the proctors' grid and cards: a hint to refetch (never the data itself),
 * sent after the change committed. Status changes, flags and decisions send one; thumbnails and
 * ordinary heartbeats do not (the grid refetches every 15 s for those), so a room of live
 * learners does not flood every proctor's stream.
 */
export async function publishToProctors(
  ctx: AppContext,
  session: { id: number; assessmentId: number },
): Promise<void> {
  const ids = await proctorIdsOf(ctx.db, session.assessmentId);
  await ctx.realtime.publish(ids, {
    type: 'proctoring.updated',
    data: { assessment: session.assessmentId, session: session.id },
  });
}
