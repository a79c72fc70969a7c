import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/db/database.ts';
import { TODO_PROVIDER_LIMIT, type TodoProvider } from '../../core/todo-provider.ts';

type Row = {
  kind: 'classroom_session' | 'classroom_survey';
  id: number;
  title: string;
  classroom_title: string;
  starts_at: string | Date;
  ends_at: string | Date;
};

/** A booked session is a next action this many days before it starts (and until it ends). */
const ATTEND_DAYS = 14;
/** Surveys are asked for while the session is fresh: older unanswered ones drop off the list. */
const SURVEY_DAYS = 30;

/**
 * Two kinds of next action, both from the person's own seats (classroom_bookings_user_idx on
 * user and status), in published classrooms of their organisation:
 * - `classroom_session`: a session they hold a seat in ('booked'), still scheduled, starting
 *   within ATTEND_DAYS and not over yet: to attend, due when it starts (when it ends, once
 *   started).
 * - `classroom_survey`: the post-session survey they may answer and have not (survey.service's
 *   can_answer): a session started within SURVEY_DAYS that they attended fully or in part.
 * Sessions merely open for booking are not listed: nobody set them as something to do (they are
 * on the calendar as "Other classroom sessions"). One query. Link: /classroom/classes?session={id},
 * where the session, its check-in and its survey open.
 */
export const classroomsTodo: TodoProvider = {
  kinds: { classroom_session: 'Classroom sessions', classroom_survey: 'Session surveys' },
  async items(ctx, auth, now) {
    const at = sql`${now.toISOString()}::timestamptz`;
    const soon = sql`${new Date(now.getTime() + ATTEND_DAYS * 86_400_000).toISOString()}::timestamptz`;
    const since = sql`${new Date(now.getTime() - SURVEY_DAYS * 86_400_000).toISOString()}::timestamptz`;
    const rows = await queryRows<Row>(
      ctx.db,
      sql`select case when b.status = 'booked' then 'classroom_session'
                      else 'classroom_survey' end as kind,
                 s.id, s.title, c.title as classroom_title, s.starts_at, s.ends_at
          from classroom_bookings b
          join classroom_sessions s on s.id = b.session_id
          join classroom_classes k on k.id = s.class_id
          join classrooms c on c.id = k.classroom_id
          where b.user_id = ${auth.userId} and b.status in ('booked', 'attended', 'partial')
            and c.organisation_id = ${auth.organisationId} and c.status = 'published'
            and ((b.status = 'booked' and s.status = 'scheduled'
                  and s.starts_at <= ${soon} and s.ends_at > ${at})
              or (b.status <> 'booked' and s.starts_at <= ${at} and s.starts_at > ${since}
                  and not exists (select 1 from classroom_survey_responses r
                                  where r.session_id = s.id and r.user_id = ${auth.userId})))
          order by s.starts_at, s.id
          limit ${TODO_PROVIDER_LIMIT}`,
    );
    // A session going on now is due by its end (not overdue while it can still be attended).
    const dueOf = (r: Row) => {
      const starts = new Date(r.starts_at);
      return starts > now ? starts : new Date(r.ends_at);
    };
    return rows.map((r) =>
      r.kind === 'classroom_session'
        ? {
            kind: 'classroom_session',
            id: `classroom-session:${Number(r.id)}`,
            title: r.title,
            detail: `${r.classroom_title} · attend`,
            href: `/classroom/classes?session=${Number(r.id)}`,
            dueAt: dueOf(r),
          }
        : {
            kind: 'classroom_survey',
            id: `classroom-survey:${Number(r.id)}`,
            title: `Survey: ${r.title}`,
            detail: r.classroom_title,
            href: `/classroom/classes?session=${Number(r.id)}`,
            dueAt: null,
          },
    );
  },
};
