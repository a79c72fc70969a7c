import type { TNotification, TNotificationType } from '@atrium/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import type { EventMeta } from '../../core/module.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { users } from '../../schema/users.table.ts';
import { byIds, unreadCounts } from './notifications.repository.ts';
import { frequenciesFor } from './preferences.ts';

export interface NewNotification {
  type: TNotificationType;
  organisationId: number;
  actorId: number | null;
  subject: TNotification['subject'];
  link: string;
  detail?: string | null;
  recipients: readonly number[];
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
  const active = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, candidates), eq(users.isActive, true)));
  const frequencies = await frequenciesFor(
    ctx.db,
    n.organisationId,
    n.type,
    active.map((u) => u.id),
  );
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
    const rows = await tx
      .insert(notifications)
      .values(values)
      .onConflictDoNothing({ target: [notifications.eventId, notifications.recipientId] })
      .returning({
        id: notifications.id,
        recipientId: notifications.recipientId,
        inApp: notifications.inApp,
        emailFrequency: notifications.emailFrequency,
      });
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

/** Best effort: the stream is a hint, the list and the counters endpoint are the truth. */
async function pushCreated(ctx: AppContext, rows: { id: number; recipientId: number }[]) {
  if (rows.length === 0) return;
  try {
    const items = await byIds(
      ctx.db,
      rows.map((r) => r.id),
    );
    const counts = await unreadCounts(
      ctx.db,
      rows.map((r) => r.recipientId),
    );
    for (const row of rows) {
      const item = items.find((i) => i.id === row.id);
      if (!item) continue;
      await ctx.realtime.publish([row.recipientId], { type: 'notification.created', data: item });
      await ctx.realtime.publish([row.recipientId], {
        type: 'counters',
        data: { notifications: counts.get(row.recipientId) ?? 0 },
      });
    }
  } catch (err) {
    ctx.log.warn({ err }, 'notifications could not be pushed live');
  }
}
