import {
  DEFAULT_PROCTORING_SETTINGS,
  type IDENTITY_CHECKS,
  type TProctorDetail,
  type TProctoringFlag,
  type TProctoringFlagType,
  type TProctoringMode,
  type ZTimelineEntry,
} from '@atrium/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import {
  proctoringEvents,
  proctoringEvidence,
  proctoringMessages,
} from '../../schema/proctoring.table.ts';
import { photoUrl } from '../profiles/index.ts';
import {
  iso,
  isoOf,
  monitoringStatus,
  nameOf,
  type TEvidence,
  toEvidence,
} from './proctor.repository.ts';
import { type Session, sessionToProctor } from './proctoring.access.ts';

/**
 * One learner's card (/api/assessment/proctor/detail/): identity, every flag with its evidence,
 * the decision, and a timeline merged from what each table keeps (the session's own times,
 * identity photos, flags, the events the write side records, messages). Six statements after
 * the access check, however many flags the session has.
 */

type TimelineEntry = z.infer<typeof ZTimelineEntry>;
type TimelineKind = TimelineEntry['kind'];
type IdentityCheck = (typeof IDENTITY_CHECKS)[number];

/** The words the proctor's screens use for each flag (apps/web proctoring/labels.tsx). */
const FLAG_LABEL: Record<TProctoringFlagType, string> = {
  no_face: 'No face',
  multiple_faces: 'More than one face',
  looking_away: 'Looking away',
  phone: 'Phone in view',
  other_person: 'Another person',
  tab_switch: 'Left the assessment',
  fullscreen_exit: 'Left full screen',
  copy_paste: 'Copy or paste',
  second_screen: 'Second screen',
  mic_noise: 'Voices or noise',
  monitoring_stopped: 'Monitoring stopped',
};
const flagLabel = (type: string) =>
  FLAG_LABEL[type as TProctoringFlagType] ?? type.replace(/_/g, ' ');

/** The kinds proctoring_events may hold; anything else is not shown rather than mislabelled. */
const EVENT_KINDS = new Set<TimelineKind>(['lost', 'resumed', 'decision', 'ended']);
/** At the same instant the start comes first and the end last; the rest keep their order. */
const RANK: Partial<Record<TimelineKind, number>> = { started: -2, identity: -1, ended: 1 };

/** Device-reported fractions are stored as `real`: three decimals, without float noise. */
const round3 = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);

export interface TimelineSources {
  session: Pick<Session, 'startedAt' | 'endedAt' | 'mode'>;
  identity: TEvidence[];
  flags: Pick<TProctoringFlag, 'id' | 'type' | 'occurred_at' | 'detail'>[];
  events: { at: Date; kind: string; text: string }[];
  messages: { sentAt: Date; text: string }[];
}

/** The attempt's moments in time order (pure, so the merge is tested without a database). */
export function buildTimeline(src: TimelineSources): TimelineEntry[] {
  const entry = (at: string, kind: TimelineKind, text: string, flag: number | null = null) => ({
    at,
    kind,
    text,
    flag,
  });
  const mode = src.session.mode === 'live' ? 'live' : 'record';
  const entries: TimelineEntry[] = [
    entry(src.session.startedAt.toISOString(), 'started', `Monitoring started (${mode} mode)`),
  ];
  for (const e of src.identity)
    entries.push(
      entry(
        e.created_at,
        'identity',
        e.kind === 'id_document' ? 'ID document photographed' : 'Identity photo taken',
      ),
    );
  for (const f of src.flags)
    entries.push(
      entry(
        f.occurred_at,
        'flag',
        f.detail ? `${flagLabel(f.type)}: ${f.detail}` : flagLabel(f.type),
        f.id,
      ),
    );
  for (const e of src.events)
    if (EVENT_KINDS.has(e.kind as TimelineKind))
      entries.push(entry(e.at.toISOString(), e.kind as TimelineKind, e.text));
  for (const m of src.messages)
    entries.push(entry(m.sentAt.toISOString(), 'message', `Message to the learner: ${m.text}`));
  // The write side may record how the attempt ended as an event; then that is the end shown.
  if (src.session.endedAt && !src.events.some((e) => e.kind === 'ended'))
    entries.push(entry(src.session.endedAt.toISOString(), 'ended', 'Monitoring ended'));
  // Array.prototype.sort is stable: same-time entries of one rank keep the order above.
  return entries.sort(
    (a, b) => Date.parse(a.at) - Date.parse(b.at) || (RANK[a.kind] ?? 0) - (RANK[b.kind] ?? 0),
  );
}

interface HeadRow {
  learner_name: string;
  email: string;
  decided_by_name: string | null;
  identity_check: IdentityCheck | null;
  photo_key: string | null;
}

interface FlagRow {
  id: number;
  type: TProctoringFlagType;
  occurred_at: unknown;
  confidence: number;
  detail: string;
  decision: TProctoringFlag['decision'];
  comment: string;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: unknown;
}

/** The session's learner, who decided it and the assessment's identity check, in one row. */
const headOf = (db: DbOrTx, sessionId: number) =>
  queryRows<HeadRow>(
    db,
    sql`select ${nameOf('u')} as learner_name, u.email,
          case when du.id is null then null else ${nameOf('du')} end as decided_by_name,
          ps.identity_check, up.photo_key
        from proctoring_sessions s
        join users u on u.id = s.user_id
        left join user_profiles up on up.user_id = s.user_id
        left join users du on du.id = s.decided_by
        left join proctoring_settings ps on ps.assessment_id = s.assessment_id
        where s.id = ${sessionId}`,
  );

const flagsOf = (db: DbOrTx, sessionId: number) =>
  queryRows<FlagRow>(
    db,
    sql`select f.id, f.type, f.occurred_at, f.confidence, f.detail, f.decision, f.comment,
          f.decided_by, f.decided_at,
          case when du.id is null then null else ${nameOf('du')} end as decided_by_name
        from proctoring_flags f
        left join users du on du.id = f.decided_by
        where f.session_id = ${sessionId}
        order by f.occurred_at, f.id`,
  );

function toFlag(r: FlagRow, evidence: TEvidence[]): TProctoringFlag {
  return {
    id: r.id,
    type: r.type,
    occurred_at: isoOf(r.occurred_at),
    confidence: round3(r.confidence) ?? 0,
    detail: r.detail,
    decision: r.decision,
    comment: r.comment,
    // A decider whose account is gone leaves the decision without a name.
    decided_by:
      r.decided_by !== null && r.decided_by_name !== null
        ? { id: r.decided_by, name: r.decided_by_name }
        : null,
    decided_at: iso(r.decided_at),
    evidence,
  };
}

/** The card of one session, for its proctors (404 outside the organisation, 403 inside). */
export async function proctorDetail(
  db: DbOrTx,
  actor: Actor,
  sessionId: number,
  now: Date = new Date(),
): Promise<TProctorDetail> {
  const { session, assessment } = await sessionToProctor(db, actor, sessionId);
  const [[head], flagRows, evidenceRows, events, messages] = await Promise.all([
    headOf(db, session.id),
    flagsOf(db, session.id),
    db
      .select()
      .from(proctoringEvidence)
      .where(eq(proctoringEvidence.sessionId, session.id))
      .orderBy(asc(proctoringEvidence.createdAt), asc(proctoringEvidence.id)),
    db
      .select()
      .from(proctoringEvents)
      .where(eq(proctoringEvents.sessionId, session.id))
      .orderBy(asc(proctoringEvents.at), asc(proctoringEvents.id)),
    db
      .select()
      .from(proctoringMessages)
      .where(eq(proctoringMessages.sessionId, session.id))
      .orderBy(asc(proctoringMessages.sentAt), asc(proctoringMessages.id)),
  ]);
  const byFlag = new Map<number, TEvidence[]>();
  const identity: TEvidence[] = [];
  for (const row of evidenceRows) {
    if (row.flagId === null) {
      if (row.kind === 'identity' || row.kind === 'id_document') identity.push(toEvidence(row));
      continue;
    }
    const list = byFlag.get(row.flagId) ?? [];
    list.push(toEvidence(row));
    byFlag.set(row.flagId, list);
  }
  const flags = flagRows.map((r) => toFlag(r, byFlag.get(r.id) ?? []));
  const status = monitoringStatus(session, now);
  return {
    session: session.id,
    attempt: session.attemptId,
    assessment: { id: assessment.id, uuid: assessment.uuid, title: assessment.title },
    learner: { id: session.userId, name: head?.learner_name ?? '', email: head?.email ?? '' },
    status,
    mode: session.mode as TProctoringMode,
    started_at: session.startedAt.toISOString(),
    last_seen_at: session.lastSeenAt?.toISOString() ?? null,
    identity: {
      check: head?.identity_check ?? DEFAULT_PROCTORING_SETTINGS.identity_check,
      similarity: round3(session.identitySimilarity),
      // The proctor compares the photo taken at the start with this one.
      profile_photo_url: photoUrl(session.userId, head?.photo_key ?? null),
      evidence: identity,
    },
    flags,
    timeline: buildTimeline({ session, identity, flags, events, messages }),
    outcome: session.outcome as TProctorDetail['outcome'],
    outcome_comment: session.outcomeComment,
    decided_by:
      session.decidedBy !== null && head?.decided_by_name
        ? { id: session.decidedBy, name: head.decided_by_name }
        : null,
    decided_at: session.decidedAt?.toISOString() ?? null,
    // Whoever passed sessionToProctor proctors this assessment, and proctors decide.
    abilities: { decide: true, message: status !== 'ended' },
  };
}
