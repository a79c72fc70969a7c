import { count, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { videoTranscodes } from '../../schema/video.table.ts';

/** How many transcodes wait, run or failed, for the superadmin console's health tab. */
export async function transcodeCounts(
  db: DbOrTx,
): Promise<{ queued: number; running: number; failed: number }> {
  const rows = await db
    .select({ status: videoTranscodes.status, n: count() })
    .from(videoTranscodes)
    .where(inArray(videoTranscodes.status, ['queued', 'running', 'failed']))
    .groupBy(videoTranscodes.status);
  const by = new Map(rows.map((r) => [r.status, Number(r.n)]));
  return {
    queued: by.get('queued') ?? 0,
    running: by.get('running') ?? 0,
    failed: by.get('failed') ?? 0,
  };
}
