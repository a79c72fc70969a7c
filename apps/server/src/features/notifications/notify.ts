import {
  REALTIME_INVALIDATE,
  type TChannel,
  type TFrequency,
  type TInvalidateHints,
  type TNotification,
  type TNotificationType,
} from '@atrium/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import type { EventMeta } from '../../core/module.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { users } from '../../schema/users.table.ts';
import { byIds, unreadCounts } from './notifications.repository.ts';
import { frequenciesFor } from './preferences.ts';

const CHUNK = 1_000;
function chunksOf<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
  return chunks;
}

export interface NewNotification {
  type: TNotificationType;
  organisationId: number;
  actorId: number | null;
  subject: TNotification['subject'];
  link: string;
  detail?: string | null;
  recipients: readonly number[];
  /** false: in-app only, whatever the preferences say of e-mail (an announcement not mailed). */
  email?: boolean;
}

/**
 * Writes one notification per recipient for one event, as the recipients' preferences say:
 * never to the actor, nothing when both channels are off, a hidden row when only e-mail is on.
 * Keyed by (event, recipient), so a redelivered event writes and mails nothing more. Immediate
 * mails are queued in the same transaction; the live push follows the commit.
 */
export async function notify(ctx: AppContext, meta: EventMeta, n: NewNotification) {
  const candidates = [...new Set(n.recipients)].filter((id) => id !== n.actorId);
  if (candidates.length === 0) return;
  // A deactivated account is told nothing (it cannot sign in to read it).
  const frequencies = new Map<number, Record<TChannel, TFrequency>>();
  for (const chunk of chunksOf(candidates)) {
    const active = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, chunk), eq(users.isActive, true)));
    const found = await frequenciesFor(
      ctx.db,
      n.organisationId,
      n.type,
      active.map((u) => u.id),
    );
    for (const [id, f] of found) {
      frequencies.set(id, n.email === false ? { ...f, email: 'off' } : f);
    }
  }
  const values = [...frequencies]
    .filter(([, f]) => f.in_app !== 'off' || f.email !== 'off')
    .map(([recipientId, f]) => ({
      eventId: meta.eventId,
      recipientId,
      organisationId: n.organisationId,
      type: n.type,
      actorId: n.actorId,
      subjectKind: n.subject.kind,
      subjectId: n.subject.id,
      subjectTitle: n.subject.title.slice(0, 300),
      detail: n.detail ?? null,
      link: n.link,
      inApp: f.in_app !== 'off',
      createdAt: meta.occurredAt,
      emailFrequency: f.email === 'off' ? null : f.email,
    }));
  if (values.length === 0) return;

  const written = await ctx.db.transaction(async (tx) => {
    const rows: {
      id: number;
      recipientId: number;
      inApp: boolean;
      emailFrequency: string | null;
    }[] = [];
    // Chunked: an announcement's 10,000 rows in one statement exceed PostgreSQL's parameters.
    for (const chunk of chunksOf(values)) {
      rows.push(
        ...(await tx
          .insert(notifications)
          .values(chunk)
          .onConflictDoNothing({ target: [notifications.eventId, notifications.recipientId] })
          .returning({
            id: notifications.id,
            recipientId: notifications.recipientId,
            inApp: notifications.inApp,
            emailFrequency: notifications.emailFrequency,
          })),
      );
    }
    const immediate = rows.filter((r) => r.emailFrequency === 'immediately');
    await enqueue(
      tx,
      'notifications.mail',
      immediate.map((r) => ({ notificationId: r.id })),
    );
    return rows;
  });
  await pushCreated(
    ctx,
    written.filter((r) => r.inApp),
  );
}

/**
 * Up to this many recipients each get their new item; a larger fan-out (an announcement) gets
 * one list invalidation for all of them instead, as one publish each costs a database round
 * trip (bench/fanout.ts: 20,000 publishes for 10,000 learners took 6.5 s, far more than the
 * writes). The web only refetches its lists on either.
 */
export const ITEMS_PUSHED_UP_TO = 50;

/** Best effort: the stream is a hint, the list and the counters endpoint are the truth. */
async function pushCreated(ctx: AppContext, rows: { id: number; recipientId: number }[]) {
  if (rows.length === 0) return;
  try {
    const recipients = rows.map((r) => r.recipientId);
    if (rows.length <= ITEMS_PUSHED_UP_TO) {
      const items = await byIds(
        ctx.db,
        rows.map((r) => r.id),
      );
      for (const row of rows) {
        const item = items.find((i) => i.id === row.id);
        if (item) {
          await ctx.realtime.publish([row.recipientId], {
            type: 'notification.created',
            data: item,
          });
        }
      }
    } else {
      await ctx.realtime.publish(recipients, {
        type: REALTIME_INVALIDATE,
        data: { keys: [['notifications', 'list']] } satisfies TInvalidateHints,
      });
    }
    // One publish per distinct count: after an announcement most recipients share a few.
    const byCount = new Map<number, number[]>();
    for (const chunk of chunksOf(recipients)) {
      for (const [userId, n] of await unreadCounts(ctx.db, chunk)) {
        byCount.set(n, [...(byCount.get(n) ?? []), userId]);
      }
    }
    for (const [notifications, userIds] of byCount) {
      await ctx.realtime.publish(userIds, { type: 'counters', data: { notifications } });
    }
  } catch (err) {
    ctx.log.warn({ err }, 'notifications could not be pushed live');
  }
}
