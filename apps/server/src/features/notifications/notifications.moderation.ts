import { ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { defineSubscriber } from '../../core/module.ts';
import { memberships } from '../../schema/users.table.ts';
import { loadItemNotice } from '../moderation/index.ts';
import { notify } from './notify.ts';

/**
 * Moderation (issue 20, part 6): the organisation's admins hear of an item once, when it is
 * first opened, reported or held by the banned words (`moderation_report`; later reports join the
 * item quietly); an author hears when a moderator hid, deleted or released their words
 * (`moderation_decision`). The queue link opens the moderation page.
 */

const VERB = { hidden: 'hid', deleted: 'deleted', released: 'released' } as const;

export const moderationSubscribers = [
  defineSubscriber({
    event: 'moderation.opened',
    name: 'notify-moderation-opened',
    async handle(ctx, e, meta) {
      const item = await loadItemNotice(ctx, e.itemId);
      if (!item) return;
      const admins = await ctx.db
        .select({ id: memberships.userId })
        .from(memberships)
        .where(
          and(
            eq(memberships.organisationId, item.organisationId),
            eq(memberships.roleId, ROLE.ADMIN),
          ),
        );
      await notify(ctx, meta, {
        type: 'moderation_report',
        organisationId: item.organisationId,
        actorId: e.reportedBy,
        subject: { kind: 'moderation_item', id: item.id, title: item.title },
        detail: e.held ? `${item.label} held by the banned words` : `${item.label} reported`,
        link: '/socialwall/moderation',
        recipients: admins.map((a) => a.id),
      });
    },
  }),
  defineSubscriber({
    event: 'moderation.decided',
    name: 'notify-moderation-decided',
    async handle(ctx, e, meta) {
      const item = await loadItemNotice(ctx, e.itemId);
      if (!item) return;
      await notify(ctx, meta, {
        type: 'moderation_decision',
        organisationId: item.organisationId,
        actorId: e.moderatorId,
        subject: { kind: 'moderation_item', id: item.id, title: item.title },
        detail: `${VERB[e.outcome]} your ${item.label.toLowerCase()}`,
        link: e.outcome === 'deleted' ? '/socialwall' : item.link,
        recipients: [e.authorId],
      });
    },
  }),
];
