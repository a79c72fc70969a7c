import {
  MONITORING_LOST_SECONDS,
  type MONITORING_STATUSES,
  type TAttemptOutcome,
  type TProctorGridRow,
  type ZEvidence,
} from '@atrium/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { assessmentToProctor } from './proctoring.access.ts';

/**
 * The proctor's grid (/api/assessment/proctor/): the sessions of one assessment with their
 * learner, group, monitoring status, thumbnail and flag counts. Fixed queries whatever the page
 * size: the page, its count and the groups, each one statement (flags are counted by a lateral
 * aggregate over proctoring_flags_session_idx, never per row in code).
 */

export type TMonitoringStatus = (typeof MONITORING_STATUSES)[number];
export type TEvidence = z.infer<typeof ZEvidence>;

export interface GridQuery {
  assessment: number;
  /** A department's id; 0: learners in no department. */
  group?: number;
  status?: TMonitoringStatus;
  /** As the query string carries it (ZProctorGridQuery): 'true' keeps pending flags only. */
  flagged?: 'true' | 'false';
}

export interface GridGroup {
  id: number;
  name: string;
  learners: number;
}

/** The name lists show: first and last, else the user name (the SQL twin of the users' rule). */
export const nameOf = (alias: 'u' | 'du') =>
  sql.raw(
    `coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`,
  );

/** A timestamp as the API writes it, whichever driver read it. */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}
export const isoOf = (value: unknown): string => iso(value) ?? '';

/** Before this moment a device that has not been heard from counts as lost. */
const silentBefore = (now: Date) => new Date(now.getTime() - MONITORING_LOST_SECONDS * 1000);

/**
 * The monitoring status of a session at `now`. statusSql is the same rule for the grid, so the
 * status filter and ordering happen in SQL; a change here must change both.
 */
export function monitoringStatus(
  s: { endedAt: Date | null; lastSeenAt: Date | null; cameraOn: boolean },
  now: Date,
): TMonitoringStatus {
  if (s.endedAt) return 'ended';
  if (!s.lastSeenAt) return 'waiting';
  if (!s.cameraOn || s.lastSeenAt < silentBefore(now)) return 'lost';
  return 'monitoring';
}

function statusSql(now: Date): SQL {
  return sql`case
    when s.ended_at is not null then 'ended'
    when s.last_seen_at is null then 'waiting'
    when not s.camera_on or s.last_seen_at < ${silentBefore(now).toISOString()}::timestamptz
      then 'lost'
    else 'monitoring' end`;
}

/** Where an evidence file is served (evidence.serve.ts checks who asks). */
export const evidenceUrl = (id: number) => `/api/proctor/evidence/${id}/`;

/** The live thumbnail; `v` changes with every new one, so the grid never shows a stale image. */
export function thumbnailUrl(sessionId: number, at: unknown): string {
  const stamp = iso(at);
  const version = stamp ? `?v=${Date.parse(stamp)}` : '';
  return `/api/proctor/evidence/thumbnail/${sessionId}/${version}`;
}

export function toEvidence(row: {
  id: number;
  kind: string;
  size: number;
  contentType: string;
  createdAt: Date;
}): TEvidence {
  return {
    id: row.id,
    kind: row.kind as TEvidence['kind'],
    size: row.size,
    content_type: row.contentType,
    url: evidenceUrl(row.id),
    created_at: row.createdAt.toISOString(),
  };
}

interface GridRow {
  id: number;
  attempt_id: number;
  user_id: number;
  name: string;
  email: string;
  group_id: number | null;
  group_name: string | null;
  status: TMonitoringStatus;
  last_seen_at: unknown;
  thumbnail_key: string | null;
  thumbnail_at: unknown;
  over_budget: boolean;
  outcome: TAttemptOutcome | null;
  total: number;
  pending: number;
  confirmed: number;
  dismissed: number;
}

/**
 * Every session of the assessment with what a tile shows, unfiltered. A department counts only
 * when it is of the session's organisation: a profile's department of another organisation the
 * learner also belongs to is not this grid's group (nor its name this organisation's business).
 */
function gridRows(assessmentId: number, now: Date): SQL {
  return sql`
    select s.id, s.attempt_id, s.user_id, ${nameOf('u')} as name, u.email,
      d.id as group_id, d.name as group_name, ${statusSql(now)} as status,
      s.last_seen_at, s.thumbnail_key, s.thumbnail_at,
      s.over_budget_at is not null as over_budget, s.outcome,
      f.total, f.pending, f.confirmed, f.dismissed
    from proctoring_sessions s
    join users u on u.id = s.user_id
    left join user_profiles up on up.user_id = s.user_id
    left join departments d on d.id = up.department_id and d.organisation_id = s.organisation_id
    cross join lateral (
      select count(*)::int as total,
        count(*) filter (where f.decision = 'pending')::int as pending,
        count(*) filter (where f.decision = 'confirmed')::int as confirmed,
        count(*) filter (where f.decision = 'dismissed')::int as dismissed
      from proctoring_flags f where f.session_id = s.id
    ) f
    where s.assessment_id = ${assessmentId}`;
}

function filtersOf(q: GridQuery): SQL {
  const conditions: SQL[] = [];
  if (q.group !== undefined)
    conditions.push(q.group === 0 ? sql`x.group_id is null` : sql`x.group_id = ${q.group}`);
  if (q.status) conditions.push(sql`x.status = ${q.status}`);
  if (q.flagged === 'true') conditions.push(sql`x.pending > 0`);
  if (q.flagged === 'false') conditions.push(sql`x.pending = 0`);
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

function toGridRow(r: GridRow): TProctorGridRow {
  return {
    session: r.id,
    attempt: r.attempt_id,
    learner: { id: r.user_id, name: r.name, email: r.email },
    group: r.group_id === null ? null : { id: r.group_id, name: r.group_name ?? '' },
    status: r.status,
    last_seen_at: iso(r.last_seen_at),
    thumbnail_url: r.thumbnail_key ? thumbnailUrl(r.id, r.thumbnail_at) : null,
    flags: { total: r.total, pending: r.pending, confirmed: r.confirmed, dismissed: r.dismissed },
    over_budget: r.over_budget,
    outcome: r.outcome,
  };
}

/**
 * The departments of the assessment's sessions, with how many sessions each has (a learner with
 * two proctored attempts counts twice, as the grid shows two tiles: the chips' numbers then add
 * up to the grid's count). Sessions without a department are group 0, listed last.
 */
async function gridGroups(db: DbOrTx, assessmentId: number): Promise<GridGroup[]> {
  const rows = await queryRows<GridGroup>(
    db,
    sql`select coalesce(d.id, 0) as id, coalesce(d.name, 'No department') as name,
          count(*)::int as learners
        from proctoring_sessions s
        left join user_profiles up on up.user_id = s.user_id
        left join departments d
          on d.id = up.department_id and d.organisation_id = s.organisation_id
        where s.assessment_id = ${assessmentId}
        group by d.id, d.name
        order by d.id is null, lower(d.name), d.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, learners: r.learners }));
}

/**
 * One page of the grid: learners with pending flags first (they need a decision), then those
 * whose monitoring was lost, then by name. `now` decides which devices count as silent.
 */
export async function proctorGrid(
  db: DbOrTx,
  actor: Actor,
  query: GridQuery,
  bounds: { limit: number; offset: number },
  now: Date = new Date(),
): Promise<{ count: number; rows: TProctorGridRow[]; groups: GridGroup[] }> {
  const assessment = await assessmentToProctor(db, actor, query.assessment);
  const filtered = sql`select * from (${gridRows(assessment.id, now)}) x where ${filtersOf(query)}`;
  const [rows, [total], groups] = await Promise.all([
    queryRows<GridRow>(
      db,
      sql`select * from (${filtered}) x
          order by x.pending > 0 desc, x.status = 'lost' desc, lower(x.name), x.id
          limit ${bounds.limit} offset ${bounds.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${filtered}) x`),
    gridGroups(db, assessment.id),
  ]);
  return { count: total?.n ?? 0, rows: rows.map(toGridRow), groups };
}
