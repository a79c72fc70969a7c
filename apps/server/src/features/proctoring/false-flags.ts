import { PROCTORING_FLAG_TYPES, type ZFalseFlagReport } from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { badRequest, forbidden } from '../../core/errors/app-error.ts';
import { assessmentToProctor } from './proctoring.access.ts';
import { canSeeOrganisationReport } from './proctoring.policy.ts';

/**
 * The false-flag dashboard (/api/proctor/false-flags/): per flag type, how many flags proctors
 * decided and how many of those they dismissed. It tells an organisation which signals cry wolf
 * (a look-away time too short, a noisy room) so it can tune its settings. One grouped query.
 */

export type TFalseFlagReport = z.infer<typeof ZFalseFlagReport>;

export interface FalseFlagQuery {
  assessment?: number;
  /** Whole days (YYYY-MM-DD, UTC, as the assessments' reports read them), both inclusive. */
  from?: string;
  to?: string;
}

const DAY_MS = 86_400_000;
const INVALID = 'Invalid input. Please correct the fields listed.';
const NOT_AN_ADMIN =
  'Only the organisation’s admins see the false-flag report of all its assessments.';

/** Midnight UTC of a day, or null when the day does not exist (2026-02-30 passes the format). */
function dayStart(day: string): Date | null {
  const d = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day ? null : d;
}

/** `occurred_at` within [from's midnight, the midnight after `to`). */
function windowOf(q: FalseFlagQuery): SQL[] {
  const errors: Record<string, string[]> = {};
  const from = q.from === undefined ? null : dayStart(q.from);
  const to = q.to === undefined ? null : dayStart(q.to);
  if (q.from !== undefined && !from) errors.from = ['This day does not exist.'];
  if (q.to !== undefined && !to) errors.to = ['This day does not exist.'];
  if (from && to && from > to) errors.to = ['The last day must not be before the first.'];
  if (Object.keys(errors).length > 0) throw badRequest(INVALID, errors);
  const parts: SQL[] = [];
  if (from) parts.push(sql`f.occurred_at >= ${from.toISOString()}::timestamptz`);
  if (to)
    parts.push(sql`f.occurred_at < ${new Date(to.getTime() + DAY_MS).toISOString()}::timestamptz`);
  return parts;
}

/** One assessment's (its proctors), or the caller's organisation's (its admins). */
export async function falseFlagReport(
  db: DbOrTx,
  actor: Actor,
  query: FalseFlagQuery,
): Promise<TFalseFlagReport> {
  const conditions = windowOf(query);
  if (query.assessment !== undefined) {
    const assessment = await assessmentToProctor(db, actor, query.assessment);
    conditions.push(sql`s.assessment_id = ${assessment.id}`);
  } else {
    if (!canSeeOrganisationReport(actor, actor.organisationId)) throw forbidden(NOT_AN_ADMIN);
    conditions.push(sql`s.organisation_id = ${actor.organisationId}`);
  }
  const rows = await queryRows<{ type: string; total: number; decided: number; dismissed: number }>(
    db,
    sql`select f.type, count(*)::int as total,
          count(*) filter (where f.decision <> 'pending')::int as decided,
          count(*) filter (where f.decision = 'dismissed')::int as dismissed
        from proctoring_flags f
        join proctoring_sessions s on s.id = f.session_id
        where ${sql.join(conditions, sql` and `)}
        group by f.type`,
  );
  const byType = new Map(rows.map((r) => [r.type, r]));
  // Every type, in the contract's order, zeros included: a signal nobody dismissed is news too.
  return {
    signals: PROCTORING_FLAG_TYPES.map((type) => {
      const r = byType.get(type);
      const decided = r?.decided ?? 0;
      const dismissed = r?.dismissed ?? 0;
      return {
        type,
        total: r?.total ?? 0,
        decided,
        dismissed,
        false_rate: decided === 0 ? null : Math.round((dismissed / decided) * 1000) / 1000,
      };
    }),
  };
}
