import type { AppContext } from '../../core/context.ts';
import { defineSubscriber } from '../../core/module.ts';
import { audienceMemberIds, loadAnnouncement } from '../announcements/index.ts';
import { notify } from './notify.ts';

/**
 * Announcements (issue 20): when one goes out, its audience as it stands then hears of it in-app,
 * and by e-mail when its author chose so (through each reader's preferences). The link opens it.
 * An announcement deleted or expired before the delivery tells nobody.
 */

const liveAnnouncement = async (ctx: AppContext, id: number, now: Date) => {
  const a = await loadAnnouncement(ctx.db, id);
  if (!a || (a.expiresAt !== null && a.expiresAt.getTime() <= now.getTime())) return undefined;
  return a;
};

export const announcementSubscribers = [
  defineSubscriber({
    event: 'announcement.published',
    name: 'notify-announcement-published',
    async handle(ctx, e, meta) {
      const a = await liveAnnouncement(ctx, e.announcementId, new Date());
      if (!a) return;
      await notify(ctx, meta, {
        type: 'announcement',
        organisationId: a.organisationId,
        actorId: a.createdBy,
        subject: { kind: 'announcement', id: a.id, title: a.title },
        link: `/announcements/${a.id}/`,
        recipients: await audienceMemberIds(ctx.db, a),
        email: a.sendEmail,
      });
    },
  }),
];
