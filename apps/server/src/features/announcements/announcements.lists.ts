import {
  ROLE,
  type TAcknowledgement,
  type TAcknowledgementQuery,
  type TAnnouncement,
  type TAnnouncementQuery,
} from '@atrium/contract';
import { and, desc, eq, gt, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, isAdminOf } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { pageBounds } from '../../core/http/pagination.ts';
import { announcementReads, announcements } from '../../schema/announcements.table.ts';
import { USER_SEARCH_TEXT } from '../../schema/users.table.ts';
import {
  type AnnouncementRow,
  audienceMembersWhere,
  inAudienceSql,
  MEMBERS_FROM,
} from './announcements.access.ts';
import { type LoadedAnnouncement, presentAnnouncements } from './announcements.present.ts';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** Out and not expired, as of `now`. */
const live = (now: Date) =>
  and(
    lte(announcements.publishAt, at(now)),
    or(isNull(announcements.expiresAt), gt(announcements.expiresAt, at(now))),
  );

/** The inbox: the caller's organisation, out, not expired, for them. */
const inbox = (actor: Actor, now: Date) =>
  and(
    eq(announcements.organisationId, actor.organisationId),
    live(now),
    inAudienceSql(actor.userId),
  );

/** canManageAnnouncement as SQL, within the organisation signed in to. */
function managed(actor: Actor): SQL {
  const own = eq(announcements.organisationId, actor.organisationId);
  if (isAdminOf(actor, actor.organisationId)) return own;
  if (actor.roleId === ROLE.TRAINER) return and(own, eq(announcements.createdBy, actor.userId))!;
  return sql`false`;
}

/**
 * canSeeAnnouncement as SQL within the organisation signed in to: the inbox's rule (out, not
 * expired, in the audience) or one the caller manages (scheduled and expired ones too). Global
 * search's `visible` uses it, so a result opens exactly when the detail page would.
 */
export const visibleAnnouncements = (actor: Actor, now: Date): SQL =>
  or(inbox(actor, now), managed(actor))!;

function stateFilter(state: TAnnouncementQuery['state'], now: Date): SQL | undefined {
  if (state === 'scheduled') return gt(announcements.publishAt, at(now));
  if (state === 'expired') {
    return and(lte(announcements.publishAt, at(now)), lte(announcements.expiresAt, at(now)));
  }
  if (state === 'published') return live(now);
  return undefined;
}

const reading = (actor: Actor) =>
  and(
    eq(announcementReads.announcementId, announcements.id),
    eq(announcementReads.userId, actor.userId),
  );

const loadedColumns = (actor: Actor) => ({
  announcement: announcements,
  readAt: announcementReads.readAt,
  acknowledgedAt: announcementReads.acknowledgedAt,
  member: sql<boolean>`${inAudienceSql(actor.userId)}`.mapWith(Boolean),
});

/** GET /api/announcements/: the inbox (pinned, unread, newest) or what the caller manages. */
export async function listAnnouncements(
  db: DbOrTx,
  actor: Actor,
  q: TAnnouncementQuery,
  now = new Date(),
): Promise<{ count: number; rows: TAnnouncement[] }> {
  const where: (SQL | undefined)[] = [
    q.scope === 'inbox' ? inbox(actor, now) : managed(actor),
    stateFilter(q.state, now),
  ];
  if (q.unread !== undefined) {
    where.push(
      q.unread ? isNull(announcementReads.readAt) : sql`${announcementReads.readAt} is not null`,
    );
  }
  if (q.search) where.push(ilike(announcements.title, `%${likeEscape(q.search)}%`));
  const filter = and(...where);
  const { limit, offset } = pageBounds(q);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(announcements)
    .leftJoin(announcementReads, reading(actor))
    .where(filter);
  const rows = await db
    .select(loadedColumns(actor))
    .from(announcements)
    .leftJoin(announcementReads, reading(actor))
    .where(filter)
    .orderBy(
      ...(q.scope === 'inbox'
        ? [
            desc(announcements.pinned),
            sql`(${announcementReads.readAt} is null) desc`,
            desc(announcements.publishAt),
            desc(announcements.id),
          ]
        : [desc(announcements.publishAt), desc(announcements.id)]),
    )
    .limit(limit)
    .offset(offset);
  return {
    count: Number(counted?.n ?? 0),
    rows: await presentAnnouncements(db, actor, rows as LoadedAnnouncement[], now),
  };
}

/** GET /api/announcements/unread/: the inbox's unread, and its must-acknowledge not yet done. */
export async function unreadAnnouncements(db: DbOrTx, actor: Actor, now = new Date()) {
  const [row] = await db
    .select({
      unread: sql<number>`count(*) filter (where ${announcementReads.readAt} is null)::int`,
      toAcknowledge: sql<number>`count(*) filter (where ${announcements.mustAcknowledge} and ${announcementReads.acknowledgedAt} is null)::int`,
    })
    .from(announcements)
    .leftJoin(announcementReads, reading(actor))
    .where(inbox(actor, now));
  return { unread: Number(row?.unread ?? 0), to_acknowledge: Number(row?.toAcknowledge ?? 0) };
}

/** One announcement with the caller's reading, presented. */
export async function presentOne(
  db: DbOrTx,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<TAnnouncement> {
  const [row] = await db
    .select(loadedColumns(actor))
    .from(announcements)
    .leftJoin(announcementReads, reading(actor))
    .where(eq(announcements.id, id));
  if (!row) throw new Error(`announcement ${id} vanished`);
  const [out] = await presentAnnouncements(db, actor, [row as LoadedAnnouncement], now);
  return out!;
}

const NAME = sql.raw(`lower(u.first_name || ' ' || u.last_name)`);

interface ReportRow {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  department: string | null;
  read_at: Date | string | null;
  acknowledged_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toAcknowledgement(r: ReportRow): TAcknowledgement {
  const fullname = `${r.first_name} ${r.last_name}`.trim() || r.username;
  return {
    user: { id: Number(r.id), fullname, email: r.email, department: r.department },
    read_at: iso(r.read_at),
    acknowledged_at: iso(r.acknowledged_at),
  };
}

type ReportFilter = Pick<TAcknowledgementQuery, 'status' | 'search'>;

/** The report's FROM and WHERE: every member of the audience now, with their reading. */
function reportFrom(a: AnnouncementRow, q: ReportFilter): SQL {
  const conditions: SQL[] = [audienceMembersWhere(a)];
  if (q.status === 'acknowledged') conditions.push(sql`r.acknowledged_at is not null`);
  if (q.status === 'pending') conditions.push(sql`r.acknowledged_at is null`);
  if (q.search) {
    // The users list's expression (unqualified: only users has these columns here), so its
    // trigram index can serve the search.
    const needle = `%${q.search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(sql`${USER_SEARCH_TEXT} like ${needle}`);
  }
  return sql`from ${MEMBERS_FROM}
    left join departments d on d.id = p.department_id
    left join announcement_reads r on r.announcement_id = ${a.id} and r.user_id = m.user_id
    where ${sql.join(conditions, sql` and `)}`;
}

async function reportRows(
  db: DbOrTx,
  a: AnnouncementRow,
  q: ReportFilter,
  limit: number,
  offset: number,
): Promise<TAcknowledgement[]> {
  const rows = await queryRows<ReportRow>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.username, u.email, d.name as department,
          r.read_at, r.acknowledged_at
        ${reportFrom(a, q)}
        order by ${NAME}, u.id
        limit ${limit} offset ${offset}`,
  );
  return rows.map(toAcknowledgement);
}

/** GET /api/announcements/:id/acknowledgements/: one page of the report. */
export async function acknowledgementPage(
  db: DbOrTx,
  a: AnnouncementRow,
  q: TAcknowledgementQuery,
): Promise<{ count: number; rows: TAcknowledgement[] }> {
  const { limit, offset } = pageBounds(q);
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n ${reportFrom(a, q)}`,
  );
  return { count: Number(counted?.n ?? 0), rows: await reportRows(db, a, q, limit, offset) };
}

const EXPORT_CHUNK = 1_000;

/** The whole report, a chunk at a time (the CSV export). */
export async function* acknowledgementRows(
  db: DbOrTx,
  a: AnnouncementRow,
  q: ReportFilter,
): AsyncGenerator<TAcknowledgement> {
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const rows = await reportRows(db, a, q, EXPORT_CHUNK, offset);
    yield* rows;
    if (rows.length < EXPORT_CHUNK) return;
  }
}
