import { announcementOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { csvStream } from '../../core/export/spreadsheet.ts';
import { route } from '../../core/http/operation.ts';
import { toPage } from '../../core/http/pagination.ts';
import { announcementFor } from './announcements.access.ts';
import { announcementJobsOnReady } from './announcements.jobs.ts';
import {
  acknowledgementPage,
  acknowledgementRows,
  listAnnouncements,
  unreadAnnouncements,
} from './announcements.lists.ts';
import {
  acknowledgeAnnouncement,
  announcementDetail,
  createAnnouncement,
  removeAnnouncement,
  updateAnnouncement,
} from './announcements.service.ts';

const EXPORT_COLUMNS = [
  { header: 'Name', key: 'name', width: 30 },
  { header: 'E-mail', key: 'email', width: 30 },
  { header: 'Department', key: 'department' },
  { header: 'Read at', key: 'read_at' },
  { header: 'Acknowledged at', key: 'acknowledged_at' },
];

/**
 * Announcements, all behind their menu entry (/announcements): anyone with it reads what is for
 * them and acknowledges; admins and trainers write (which announcement they manage: the policy).
 */
export function registerAnnouncementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.menu('/announcements') };
  const authors = { access: access.menu('/announcements', [ROLE.ADMIN, ROLE.TRAINER]) };

  route(app, ops.list, members, async (req) => {
    const page = await listAnnouncements(ctx.db, caller(req), req.query);
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.unread, members, async (req) => unreadAnnouncements(ctx.db, caller(req)));
  route(app, ops.create, authors, async (req) => createAnnouncement(ctx, caller(req), req.body));
  route(app, ops.detail, members, async (req) =>
    announcementDetail(ctx, caller(req), req.params.id),
  );
  route(app, ops.update, authors, async (req) =>
    updateAnnouncement(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.remove, authors, async (req) => {
    await removeAnnouncement(ctx, caller(req), req.params.id);
  });
  route(app, ops.acknowledge, members, async (req) =>
    acknowledgeAnnouncement(ctx, caller(req), req.params.id),
  );
  route(app, ops.acknowledgements, authors, async (req) => {
    const { announcement } = await announcementFor(ctx.db, caller(req), req.params.id, {
      manage: true,
    });
    const page = await acknowledgementPage(ctx.db, announcement, req.query);
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(app, ops.exportAcknowledgements, authors, async (req, reply) => {
    const { announcement } = await announcementFor(ctx.db, caller(req), req.params.id, {
      manage: true,
    });
    const rows = (async function* () {
      for await (const r of acknowledgementRows(ctx.db, announcement, { status: 'all' })) {
        yield {
          name: r.user.fullname,
          email: r.user.email,
          department: r.user.department,
          read_at: r.read_at,
          acknowledged_at: r.acknowledged_at,
        };
      }
    })();
    reply.header(
      'content-disposition',
      `attachment; filename="announcement-${announcement.id}-acknowledgements.csv"`,
    );
    reply.type('text/csv; charset=utf-8');
    return reply.send(csvStream({ columns: EXPORT_COLUMNS, rows }));
  });

  // Every node makes sure the publishing chain exists (one queued run at a time).
  app.addHook('onReady', () => announcementJobsOnReady(ctx));
}
