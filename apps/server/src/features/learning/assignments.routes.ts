import { learningOps as ops } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { parseInput, readForm } from '../../core/http/forms.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { assignmentsService } from './assignments.service.ts';
import { submissions } from './assignments.submissions.ts';
import { manageAccess } from './learning.access.ts';

/** RFC 6266 header: an ASCII fallback plus the UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function registerAssignmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const managers = { access: manageAccess };
  const signedIn = { access: access.authenticated() };

  route(app, ops.assignments, signedIn, async (req) => {
    const q = req.query;
    const page = await assignmentsService.list(ctx.db, caller(req), q.course, pageBounds(q));
    return toPage(req.url, q, page.count, page.rows);
  });

  route(app, ops.assignmentCreate, managers, async (req) =>
    assignmentsService.create(ctx.db, caller(req), req.body),
  );

  route(app, ops.assignmentUpdate, managers, async (req) =>
    assignmentsService.update(ctx.db, caller(req), req.params.id, req.body),
  );

  route(app, ops.assignmentRemove, managers, async (req) => {
    await assignmentsService.remove(ctx, caller(req), req.params.id);
  });

  route(app, ops.submit, signedIn, async (req) => {
    const auth = caller(req);
    // Nothing is read or stored for someone who may not submit.
    await submissions.assertCanSubmit(ctx.db, auth, req.params.id);
    let stored: (StoredFile & { name: string }) | undefined;
    let fields: { text?: string };
    try {
      const form = await readForm(req, async (file) => {
        if (file.fieldname !== 'file' || stored) {
          file.file.resume();
          throw badRequest('Invalid input. Please correct the fields listed.', {
            [file.fieldname]: ['Send one file, in the `file` field.'],
          });
        }
        stored = { ...(await submissions.storeFile(ctx, file)), name: file.filename };
      });
      fields = parseInput(ops.submit.body.form, form);
    } catch (err) {
      if (stored) await ctx.files.delete(stored.key).catch(() => {});
      throw err;
    }
    return submissions.submit(ctx, auth, req.params.id, { text: fields.text, file: stored });
  });

  route(app, ops.grade, managers, async (req) =>
    submissions.grade(ctx, caller(req), req.params.id, req.body),
  );

  route(app, ops.submissions, managers, async (req) => {
    const page = await submissions.list(ctx.db, caller(req), req.params.id, pageBounds(req.query));
    return toPage(req.url, req.query, page.count, page.rows);
  });

  route(app, ops.submissionFile, signedIn, async (req, reply) => {
    const file = await submissions.file(ctx, caller(req), req.params.id);
    return reply
      .type('application/octet-stream')
      .header('content-disposition', attachment(file.name))
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });
}
