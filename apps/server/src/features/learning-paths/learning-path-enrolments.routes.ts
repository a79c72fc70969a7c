import { learningPathOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { csvStream } from '../../core/export/spreadsheet.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { joinPath, messageLearners } from './enrolments.join.ts';
import { iterateEnrolments, listEnrolments, toEnrolment } from './enrolments.repository.ts';
import { pathEnrolments, requiredUnitsOf } from './enrolments.service.ts';
import { managedPathFor } from './paths.repository.ts';

const EXPORT_COLUMNS = [
  { header: 'Name', key: 'name' },
  { header: 'E-mail', key: 'email' },
  { header: 'State', key: 'state' },
  { header: 'Source', key: 'source' },
  { header: 'Progress %', key: 'progress_percent' },
  { header: 'Completed items', key: 'completed_items' },
  { header: 'Required items', key: 'required_items' },
  { header: 'Enrolled at', key: 'enrolled_at' },
  { header: 'Due at', key: 'due_at' },
  { header: 'Completed at', key: 'completed_at' },
  { header: 'Expires at', key: 'expires_at' },
];

/**
 * Enrolments, the progress table and its export, joining and messages. Managers' calls come
 * from the path's management screens under the /learning-path menu entry; which path is theirs
 * (its organisation's admins, its author) is the policy's, checked by each use case.
 */
export function registerLearningPathEnrolmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const managers = { access: access.menu('/learning-path', [ROLE.ADMIN, ROLE.TRAINER]) };
  const members = { access: access.menu('/learning-path') };

  route(app, ops.enrolments, managers, async (req) => {
    const q = req.query;
    const path = await managedPathFor(ctx.db, caller(req), q.learning_path);
    const now = new Date();
    const filter = { pathId: path.id, state: q.state, search: q.search };
    const [page, required] = await Promise.all([
      listEnrolments(ctx.db, filter, pageBounds(q), now),
      requiredUnitsOf(ctx.db, path),
    ]);
    return toPage(
      req.url,
      q,
      page.count,
      page.rows.map((r) => toEnrolment(r, required, now)),
    );
  });

  route(app, ops.exportEnrolments, managers, async (req, reply) => {
    // Checked before the first byte: a refusal is an ordinary 404/403, never a cut-off file.
    const path = await managedPathFor(ctx.db, caller(req), req.query.learning_path);
    const required = await requiredUnitsOf(ctx.db, path);
    const now = new Date();
    const rows = (async function* () {
      for await (const r of iterateEnrolments(ctx.db, { pathId: path.id }, now)) {
        const e = toEnrolment(r, required, now);
        yield { ...e, name: e.user.fullname, email: e.user.email };
      }
    })();
    const stamp = now.toISOString().slice(0, 10);
    reply.header(
      'content-disposition',
      `attachment; filename="learning-path-${path.id}-progress-${stamp}.csv"`,
    );
    reply.type('text/csv; charset=utf-8');
    return reply.send(csvStream({ columns: EXPORT_COLUMNS, rows }));
  });

  route(app, ops.assign, managers, async (req) =>
    pathEnrolments.assign(ctx, caller(req), req.body, req.ip),
  );

  route(app, ops.updateEnrolment, managers, async (req) =>
    pathEnrolments.update(ctx, caller(req), req.params.id, req.body),
  );

  route(app, ops.removeEnrolment, managers, async (req) => {
    await pathEnrolments.remove(ctx, caller(req), req.params.id, req.ip);
  });

  route(app, ops.removeMany, managers, async (req) =>
    pathEnrolments.removeMany(ctx, caller(req), req.body, req.ip),
  );

  route(app, ops.join, members, async (req) => joinPath(ctx, caller(req), req.body.learning_path));

  route(app, ops.notify, managers, async (req) =>
    messageLearners(ctx, caller(req), req.body, req.ip),
  );
}
